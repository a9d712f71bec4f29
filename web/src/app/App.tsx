import { useEffect, useState } from 'react';
import { RouterProvider } from 'react-router-dom';
import CssBaseline from '@mui/material/CssBaseline';
import { ThemeProvider } from '@mui/material/styles';
import { SnackbarProvider } from 'notistack';
import { LIMITS } from '@boli/engine/shared/limits';
import { fetchAhead, savesData } from './fetchAhead.ts';
import { createAppRouter, screensToFetchAhead } from './routes.tsx';
import { SessionProvider } from './session/SessionProvider.tsx';
import { useSession } from './session/sessionContext.ts';
import { theme } from './theme.ts';

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

/** The providers every screen relies on, outermost first, then the router. */
export function App() {
  const [router] = useState(createAppRouter);
  return (
    <ThemeProvider theme={theme}>
      <CssBaseline />
      <SnackbarProvider
        maxSnack={LIMITS.maxSnackbars}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'center' }}
      >
        <SessionProvider>
          {/*
            Not in transitions: a tap on a screen whose script is still coming kept the last page
            up, and usable, under the new address; AppShell's spinner shows instead.
          */}
          <RouterProvider router={router} useTransitions={false} />
          <ScreensFetchedAhead />
        </SessionProvider>
      </SnackbarProvider>
    </ThemeProvider>
  );
}
