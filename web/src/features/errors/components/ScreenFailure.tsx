import { useRouteError } from 'react-router-dom';
import Box from '@mui/material/Box';
import { MESSAGES } from '@boli/engine/shared/messages';
import { LoadFailure } from '../../../components/LoadFailure.tsx';

/**
 * Whether `error` is a script that did not arrive: a screen's, fetched on first use
 * (routes.tsx, `lazyScreen`), over a connection that dropped. Each browser words it its own way.
 */
export const isScriptLoadFailure = (error: unknown): boolean =>
  error instanceof Error &&
  /dynamically imported module|module script failed|error loading dynamically imported/i.test(
    error.message,
  );

/** What a screen that failed to draw is replaced by: why, in the member's words. */
export const screenFailureMessage = (error: unknown, online: boolean): string =>
  !online
    ? MESSAGES.offline
    : isScriptLoadFailure(error)
      ? MESSAGES.pageNotLoaded
      : MESSAGES.generic;

/**
 * In place of a screen that failed to draw (the route's `errorElement`), under the top bar and
 * the menu, which stay: why, and Retry, which loads the page afresh — a browser keeps a failed
 * script import failed, so asking React again would fail again. Offline, it does so on its own
 * once the connection is back (`LoadFailure`). Not React Router's developer page, which a member
 * could only leave by reloading themselves.
 */
export function ScreenFailure() {
  const error = useRouteError();
  return (
    <Box sx={{ py: 4 }}>
      <LoadFailure
        message={screenFailureMessage(error, navigator.onLine)}
        onRetry={() => window.location.reload()}
      />
    </Box>
  );
}
