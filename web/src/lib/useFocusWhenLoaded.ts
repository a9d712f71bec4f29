import { useCallback, useEffect, useRef } from 'react';

/**
 * Where the keyboard goes once the next answer is in. Work that reloads a screen (a control busy,
 * hidden or swapped meanwhile, which drops the focus) asks for a focus; it is given once, when
 * `loaded` next changes to a value, so the keyboard does not fall back to the page's body.
 */
export function useFocusWhenLoaded(loaded: unknown): (focus: () => void) => void {
  const pending = useRef<(() => void) | null>(null);
  useEffect(() => {
    const focus = pending.current;
    if (loaded === null || loaded === undefined || focus === null) return;
    pending.current = null;
    focus();
  }, [loaded]);
  return useCallback((focus: () => void) => {
    pending.current = focus;
  }, []);
}
