import { useEffect, type Dispatch, type SetStateAction } from 'react';
import { MESSAGES } from '@boli/engine/shared/messages';

/**
 * A form refused for want of a connection says MESSAGES.offline. That was true when said; once the
 * browser is online again it is past, and the form takes it back, so the member is not told to
 * reconnect while connected. Any other message stays: the one place for this rule in every form
 * that sends (`messageOf` reads a form's failure as the words it shows).
 */
export function useOfflineNoticeGoes<F>(
  failure: F | null,
  setFailure: Dispatch<SetStateAction<F | null>>,
  messageOf: (failure: F) => string | undefined,
): void {
  const saysOffline = failure !== null && messageOf(failure) === MESSAGES.offline;
  useEffect(() => {
    if (!saysOffline) return;
    const back = () =>
      setFailure((said) => (said !== null && messageOf(said) === MESSAGES.offline ? null : said));
    window.addEventListener('online', back);
    return () => window.removeEventListener('online', back);
    // messageOf reads a failure's words, the same way on every render: not a dependency.
  }, [saysOffline, setFailure]);
}

/** A failure that is its own words. */
export const itsWords = (failure: string) => failure;
