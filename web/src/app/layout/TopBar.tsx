import { useEffect, useRef } from 'react';
import { Link as RouterLink, useLocation } from 'react-router-dom';
import AppBar from '@mui/material/AppBar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Toolbar from '@mui/material/Toolbar';
import Typography from '@mui/material/Typography';
import { EnlargeableAvatar } from '../../components/EnlargeableAvatar.tsx';
import { AdSearchBox } from '../../features/ads/components/AdSearchBox.tsx';
import { ON_TOUCH, TOUCH_TARGET_PX } from '../theme.ts';
import { UserSearchBox } from '../../features/profile/components/UserSearchBox.tsx';
import { NotificationBell } from '../../features/social/components/NotificationBell.tsx';
import { addressOf, awaitsPhoneCheck, cameFromOf, loginPath, visitorOf } from '../guards/access.ts';
import { useSession } from '../session/sessionContext.ts';
import { HOW_ITS_DIFFERENT_VIDEO_URL, PUBLIC_RESPONSE_VIDEO_URL } from './externalLinks.ts';
import { MainMenu } from './MainMenu.tsx';

/** Wide screens show the username in the bar; narrow ones find it in the menu. */
const wideOnly = { display: { xs: 'none', md: 'inline-flex' } } as const;

function GuestLinks() {
  return (
    <>
      <Button color="inherit" component={RouterLink} to="/">
        Ads
      </Button>
      <Button color="inherit" component={RouterLink} to="/contactus">
        Contact Us
      </Button>
      <Button
        color="inherit"
        href={PUBLIC_RESPONSE_VIDEO_URL}
        target="_blank"
        rel="noopener noreferrer"
      >
        Public Response
      </Button>
      <Button
        color="inherit"
        href={HOW_ITS_DIFFERENT_VIDEO_URL}
        target="_blank"
        rel="noopener noreferrer"
      >
        How its different
      </Button>
    </>
  );
}

function LoginButton() {
  const location = useLocation();
  // On the login page itself keep the redirect it already carries; sent home from a members'
  // page (a session that ended, a bookmark), come back to that page.
  const to =
    location.pathname === '/login'
      ? `/login${location.search}`
      : loginPath(cameFromOf(location.state) ?? addressOf(location));
  return (
    <Button
      variant="contained"
      color="secondary"
      component={RouterLink}
      to={to}
      sx={{ flexShrink: 0 }}
    >
      Login
    </Button>
  );
}

/**
 * A screen this short (a phone held sideways, the keyboard up) keeps the bar at the top of the
 * page rather than over it: two rows of it would take a third of the screen, hiding what is typed.
 */
const SHORT_SCREEN = '@media (max-height: 500px)';

/**
 * Keeps the page's scroll padding at the sticky bar's height (64 px on a desktop, two rows on a
 * phone), so a field reached with Tab or Shift+Tab is scrolled into view below the bar, not under;
 * none where the bar is not sticky (`SHORT_SCREEN`).
 */
function useScrollPaddingBelow() {
  const bar = useRef<HTMLElement>(null);
  useEffect(() => {
    const element = bar.current;
    if (!element) return;
    const root = document.documentElement;
    const follow = () => {
      const sticky = getComputedStyle(element).position === 'sticky';
      root.style.scrollPaddingTop = sticky ? `${element.getBoundingClientRect().height + 8}px` : '';
    };
    follow();
    const observer = new ResizeObserver(follow);
    observer.observe(element);
    window.addEventListener('resize', follow);
    return () => {
      observer.disconnect();
      window.removeEventListener('resize', follow);
      root.style.scrollPaddingTop = '';
    };
  }, []);
  return bar;
}

/**
 * The purple top bar of every page (spec section 2, top bar and menus). A member whose phone is
 * not verified yet gets the name and the menu only: every page of theirs is the OTP screen, and
 * the searches, the bell and My Ads would lead back to it or be refused.
 */
export function TopBar() {
  const session = useSession();
  const { status, user } = session;
  const verifying = awaitsPhoneCheck(visitorOf(session));
  const member = status === 'member' && user !== undefined && !verifying;
  const bar = useScrollPaddingBelow();

  return (
    <AppBar
      ref={bar}
      position="sticky"
      color="primary"
      elevation={2}
      sx={{ [SHORT_SCREEN]: { position: 'static' } }}
    >
      <Toolbar sx={{ gap: 1, flexWrap: 'nowrap', minWidth: 0 }}>
        <Typography
          variant="h5"
          component={RouterLink}
          to="/"
          sx={{
            color: 'inherit',
            textDecoration: 'none',
            fontWeight: 800,
            letterSpacing: 1,
            mr: 1,
            flexShrink: 0,
            // The way home, a fingertip tall on a touch screen as the buttons beside it are.
            [ON_TOUCH]: {
              minHeight: TOUCH_TARGET_PX,
              display: 'inline-flex',
              alignItems: 'center',
            },
          }}
        >
          Boli
        </Typography>
        {/* The bar's links, a landmark a screen reader goes to; narrower, they are the menu's. */}
        {(status === 'guest' || member) && (
          <Box
            component="nav"
            aria-label="Main"
            sx={{ display: { xs: 'none', md: 'flex' }, gap: 1 }}
          >
            {status === 'guest' && <GuestLinks />}
            {member && (
              <Button color="inherit" component={RouterLink} to="/myAds">
                My Ads
              </Button>
            )}
          </Box>
        )}
        <Box sx={{ flex: 1 }} />
        {!verifying && (
          <Box sx={{ display: { xs: 'none', sm: 'block' } }}>
            <AdSearchBox />
          </Box>
        )}
        {member && (
          <Box sx={{ display: { xs: 'none', md: 'block' } }}>
            <UserSearchBox />
          </Box>
        )}
        {member && <NotificationBell />}
        {member && <EnlargeableAvatar name={user.username} src={user.profilepic} />}
        {/* The username where the bar has room for it, in room that grows with the text (at 200%
            a bar of 640 px squeezed it to 'r…'); narrower, the menu's My profile leads there. */}
        {member && (
          <Button
            color="inherit"
            component={RouterLink}
            to="/profile-me"
            sx={{ ...wideOnly, maxWidth: '9rem', flexShrink: 0 }}
          >
            <Box
              component="span"
              sx={{ overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}
            >
              {user.username}
            </Box>
          </Button>
        )}
        {/* Waiting on the phone check: whose account it is, as text (its profile is the OTP
            screen too). */}
        {verifying && user !== undefined && (
          <Typography
            component="span"
            aria-label={`Signed in as ${user.username}`}
            sx={{
              maxWidth: '9rem',
              overflow: 'hidden',
              textOverflow: 'ellipsis',
              whiteSpace: 'nowrap',
            }}
          >
            {user.username}
          </Typography>
        )}
        {status === 'guest' && <LoginButton />}
        <MainMenu />
      </Toolbar>
      {!verifying && (
        <Toolbar
          variant="dense"
          sx={{ display: { xs: 'flex', sm: member ? 'flex' : 'none', md: 'none' }, gap: 1, pb: 1 }}
        >
          <Box sx={{ flex: 1, display: { sm: 'none' } }}>
            <AdSearchBox fullWidth besideUserSearch={member} />
          </Box>
          {member && (
            <Box sx={{ flex: 1 }}>
              <UserSearchBox fullWidth />
            </Box>
          )}
        </Toolbar>
      )}
    </AppBar>
  );
}
