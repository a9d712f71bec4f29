import { Suspense, useEffect, useRef } from 'react';
import { Outlet, ScrollRestoration, useLocation, useMatches } from 'react-router-dom';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import { SideAdColumn } from '../../features/adspace/components/SideAdColumn.tsx';
import { CenteredSpinner } from '../../components/CenteredSpinner.tsx';
import { LoginRequiredProvider } from '../session/LoginRequiredProvider.tsx';
import { useSession } from '../session/sessionContext.ts';
import type { RouteHandle } from '../routes.tsx';
import { visitorOf, type Visitor } from '../guards/access.ts';
import { useScrollKeptOnBack } from './useScrollKeptOnBack.ts';
import { pageChrome, shownScreen, type PageLayout } from './layoutRules.ts';
import { focusIsLost } from '../../lib/focusLost.ts';
import { pageTitle } from './pageTitle.ts';
import { TopBar } from './TopBar.tsx';
import { SentHomeNotice } from './SentHomeNotice.tsx';

const NO_ROUTE: RouteHandle = { screen: 'Boli', layout: 'standard', access: 'public' };

/** The page's layout, and the name of the screen it shows to this visitor (`shownScreen`). */
function useShownPage(visitor: Visitor): { screen: string; layout: PageLayout } {
  const match = useMatches().at(-1);
  const { search } = useLocation();
  const handle = (match?.handle as RouteHandle | undefined) ?? NO_ROUTE;
  const screen = shownScreen(handle, match?.params ?? {}, visitor, new URLSearchParams(search));
  return { screen, layout: handle.layout };
}

/** The page, or a spinner while a screen fetched on first use (routes.tsx) loads. */
const PageOutlet = () => (
  <Suspense fallback={<CenteredSpinner label="Loading the page" />}>
    <Outlet />
  </Suspense>
);

/**
 * After a move to another page, a focus left on nothing (the link or button that led here is
 * gone) or outside the page (on the top bar's link or Menu, which stay) goes to the page's main
 * region, named after the screen: a screen reader says where the member is, and Tab goes on from
 * the page rather than from the top of the document. A focus the new page took itself stays.
 */
function useFocusOnNewPage() {
  const main = useRef<HTMLElement>(null);
  const { pathname } = useLocation();
  const first = useRef(true);
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    const root = main.current;
    if (!root) return;
    const toMain = () => root.focus({ preventScroll: true });
    if (focusIsLost() || !root.contains(document.activeElement)) return toMain();
    // The page left may stay up, the link pressed in it focused, while the new page's script is
    // fetched: when it goes, and the focus with it, the focus goes to the new page.
    const pressed = document.activeElement;
    const pageGone = new MutationObserver(() => {
      if (pressed?.isConnected) return;
      pageGone.disconnect();
      if (focusIsLost()) toMain();
    });
    pageGone.observe(root, { childList: true, subtree: true });
    const timer = window.setTimeout(() => pageGone.disconnect(), NEW_PAGE_WAIT_MS);
    return () => {
      pageGone.disconnect();
      window.clearTimeout(timer);
    };
  }, [pathname]);
  return main;
}

/** How long after a move the page left is watched for going (a slow phone's fetch of a screen). */
const NEW_PAGE_WAIT_MS = 30_000;

/** The first Tab stop: past the top bar's links straight to the page; seen only when focused. */
function SkipToMain({ onSkip }: { onSkip: () => void }) {
  return (
    <Link
      href="#main"
      onClick={(event) => {
        event.preventDefault();
        onSkip();
      }}
      sx={{
        position: 'absolute',
        left: 8,
        // Out of sight by its own height, whatever the text size (48 px left it showing at 200%).
        top: 0,
        transform: 'translateY(-120%)',
        zIndex: (theme) => theme.zIndex.tooltip,
        p: 1,
        bgcolor: 'background.paper',
        borderRadius: 1,
        '&:focus': { top: 8, transform: 'none' },
      }}
    >
      Skip to main content
    </Link>
  );
}

/** Every page: the top bar, then the page between the side advertising columns, in a card or not. */
export function AppShell() {
  const visitor = visitorOf(useSession());
  const { screen, layout } = useShownPage(visitor);
  const chrome = pageChrome(layout, visitor);
  const main = useFocusOnNewPage();
  useScrollKeptOnBack();

  useEffect(() => {
    document.title = pageTitle(screen);
  }, [screen]);

  return (
    <LoginRequiredProvider>
      <Box sx={{ minHeight: '100vh', bgcolor: 'background.default' }}>
        <SkipToMain onSkip={() => main.current?.focus()} />
        <TopBar />
        <Box sx={{ display: 'flex', gap: 2, maxWidth: 1440, mx: 'auto', p: { xs: 1, sm: 2 } }}>
          {chrome.sideColumns && <SideAdColumn side="left" />}
          <Box
            component="main"
            id="main"
            ref={main}
            tabIndex={-1}
            aria-label={screen}
            data-card={chrome.card}
            sx={{ flex: 1, minWidth: 0, outline: 'none' }}
          >
            <SentHomeNotice />
            {chrome.card ? (
              <Paper elevation={1} sx={{ p: { xs: 2, md: 3 } }}>
                <PageOutlet />
              </Paper>
            ) : (
              <PageOutlet />
            )}
          </Box>
          {chrome.sideColumns && <SideAdColumn side="right" />}
        </Box>
      </Box>
      <ScrollRestoration />
    </LoginRequiredProvider>
  );
}
