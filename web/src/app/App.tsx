import { useEffect, useState } from 'react';
import { RouterProvider } from 'react-router-dom';
import CssBaseline from '@mui/material/CssBaseline';
import { ThemeProvider } from '@mui/material/styles';
import { SnackbarProvider, useSnackbar } from 'notistack';
import { LIMITS } from '@boli/engine/shared/limits';
import { fetchAhead, savesData } from './fetchAhead.ts';
import { createAppRouter, fetchScreenAt, screensToFetchAhead } from './routes.tsx';
import { ScreenAheadContext } from './screenAhead.ts';
import { SessionProvider } from './session/SessionProvider.tsx';
import { useSession } from './session/sessionContext.ts';
import { theme } from './theme.ts';
import { SNACKBAR_COMPONENTS } from './SnackbarContent.tsx';
import { takeNoticeKeptOverReload } from '../lib/noticeOverReload.ts';

/**
 * Fetches the scripts of the screens this visitor may open next, once the first page has loaded
 * and the browser is idle (screensToFetchAhead); again for a member's screens after signing in.
 */
function ScreensFetchedAhead() {
  const { status, user } = useSession();
  const roles = user?.roles;
  useEffect(() => {
    if (savesData()) return undefined;
    return fetchAhead(screensToFetchAhead({ status, roles }));
  }, [status, roles]);
  return null;
}

/** What shows a tap is coming: a pointer over a link (not on Save-Data), a finger on it, focus. */
const INTENT_EVENTS = ['pointerover', 'pointerdown', 'focusin'] as const;

/**
 * Fetches a screen's script as a link to it is pointed at, touched or reached with Tab: a tap's
 * few hundred milliseconds ahead, for the screens not fetched ahead yet.
 */
function ScreensFetchedOnIntent() {
  useEffect(() => {
    const onIntent = (event: Event) => {
      if (event.type === 'pointerover' && savesData()) return;
      const link = event.target instanceof Element ? event.target.closest('a[href]') : null;
      if (link instanceof HTMLAnchorElement && link.origin === window.location.origin) {
        fetchScreenAt(link.pathname);
      }
    };
    for (const type of INTENT_EVENTS) document.addEventListener(type, onIntent, true);
    return () => {
      for (const type of INTENT_EVENTS) document.removeEventListener(type, onIntent, true);
    };
  }, []);
  return null;
}

/** Shows, once, the success notice the last page kept over its reload (noticeOverReload.ts). */
function NoticeAfterReload() {
  const { enqueueSnackbar } = useSnackbar();
  useEffect(() => {
    const text = takeNoticeKeptOverReload();
    if (text !== null) enqueueSnackbar(text, { variant: 'success' });
  }, [enqueueSnackbar]);
  return null;
}

/** The providers every screen relies on, outermost first, then the router. */
export function App() {
  const [router] = useState(createAppRouter);
  return (
    <ThemeProvider theme={theme}>
      <CssBaseline />
      <SnackbarProvider
        maxSnack={LIMITS.maxSnackbars}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'center' }}
        Components={SNACKBAR_COMPONENTS}
      >
        <SessionProvider>
          {/*
            Not in transitions: a tap on a screen whose script is still coming kept the last page
            up, and usable, under the new address; AppShell's spinner shows instead.
          */}
          <ScreenAheadContext.Provider value={fetchScreenAt}>
            <RouterProvider router={router} useTransitions={false} />
          </ScreenAheadContext.Provider>
          <ScreensFetchedAhead />
          <ScreensFetchedOnIntent />
          <NoticeAfterReload />
        </SessionProvider>
      </SnackbarProvider>
    </ThemeProvider>
  );
}
