import { useState } from 'react';
import { RouterProvider } from 'react-router-dom';
import CssBaseline from '@mui/material/CssBaseline';
import { ThemeProvider } from '@mui/material/styles';
import { SnackbarProvider } from 'notistack';
import { LIMITS } from '@boli/engine/shared/limits';
import { createAppRouter } from './routes.tsx';
import { SessionProvider } from './session/SessionProvider.tsx';
import { theme } from './theme.ts';

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
          <RouterProvider router={router} />
        </SessionProvider>
      </SnackbarProvider>
    </ThemeProvider>
  );
}
