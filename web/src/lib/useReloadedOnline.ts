import { useEffect, useState } from 'react';

/**
 * For a picture: one that could not be loaded loads again once the browser is back online (a
 * photo asked for while offline stayed a broken image till the page was reloaded). Give the
 * element `key` (a new key is a new element, which asks for its picture again) and `onError`.
 * A picture that fails for another reason is not asked for again and again: only the browser
 * coming back online asks.
 */
export function useReloadedOnline(): { key: number; onError: () => void } {
  const [failed, setFailed] = useState(false);
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    if (!failed) return;
    const again = () => {
      setFailed(false);
      setAttempt((count) => count + 1);
    };
    window.addEventListener('online', again);
    return () => window.removeEventListener('online', again);
  }, [failed]);
  return { key: attempt, onError: () => setFailed(true) };
}
