import { useEffect, useRef, useState } from 'react';
import { MESSAGES } from '@boli/engine/shared/messages';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import { ApiError, messageOf } from '../app/api/client.ts';

/**
 * Whether asking again may help: not after a refusal of the request itself (a 4xx such as 'Ad not
 * found'), but after a server's failure (5xx, 503 while PostgreSQL is away) or no answer at all.
 */
export const failureMayPass = (error: unknown): boolean =>
  !(error instanceof ApiError && error.status >= 400 && error.status < 500) ||
  error.status === 408 ||
  error.status === 429;

/** Why a load failed, as a screen shows it; `final` when asking again cannot help. */
export type LoadFailureReason = { readonly message: string; readonly final: boolean };

/** The api's message (or the generic one) and whether Retry should be offered. */
export const loadFailureOf = (error: unknown): LoadFailureReason => ({
  message: messageOf(error),
  final: !failureMayPass(error),
});

type Props = {
  /** Why the load failed: the api's message, or the generic one. */
  message: string;
  /**
   * Runs the failed load again. A promise keeps Retry busy until it settles; a screen that shows
   * its own progress instead (its spinner in place of this notice) may answer nothing.
   */
  onRetry: () => void | Promise<unknown>;
  /** Retry is busy while this is set too: for a screen that knows when its loads are running. */
  retrying?: boolean;
};

/**
 * What a screen shows when what it is for could not be loaded: why, and Retry, which asks again
 * without reloading the page (a failure is often a passing one: the api's 503 while PostgreSQL
 * is back in a moment, a dropped connection); offline, it asks again on its own once online.
 */
export function LoadFailure({ message, onRetry, retrying: loading = false }: Props) {
  const [retrying, setRetrying] = useState(false);
  const retry = async () => {
    setRetrying(true);
    try {
      await onRetry();
    } finally {
      setRetrying(false);
    }
  };
  // Failed offline: asked again as soon as the browser is back online, not left saying so.
  const retryRef = useRef(retry);
  retryRef.current = retry;
  const offline = message === MESSAGES.offline;
  useEffect(() => {
    if (!offline) return undefined;
    const again = () => void retryRef.current();
    window.addEventListener('online', again);
    return () => window.removeEventListener('online', again);
  }, [offline]);
  return (
    <Alert
      severity="error"
      role="alert"
      action={
        <Button
          color="inherit"
          size="small"
          loading={retrying || loading}
          onClick={() => void retry()}
        >
          Retry
        </Button>
      }
    >
      {message}
    </Alert>
  );
}
