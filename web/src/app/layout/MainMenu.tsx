import type { ReactNode } from 'react';
import { useNavigate } from 'react-router-dom';
import Divider from '@mui/material/Divider';
import IconButton from '@mui/material/IconButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Menu from '@mui/material/Menu';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Theme } from '@mui/material/styles';
import MenuItem from '@mui/material/MenuItem';
import ListSubheader from '@mui/material/ListSubheader';
import MenuIcon from '@mui/icons-material/Menu';
import AccountCircleIcon from '@mui/icons-material/AccountCircle';
import CampaignIcon from '@mui/icons-material/Campaign';
import CardMembershipIcon from '@mui/icons-material/CardMembership';
import ContactMailIcon from '@mui/icons-material/ContactMail';
import MarkEmailReadIcon from '@mui/icons-material/MarkEmailRead';
import FactCheckIcon from '@mui/icons-material/FactCheck';
import HistoryIcon from '@mui/icons-material/History';
import EventNoteIcon from '@mui/icons-material/EventNote';
import GavelIcon from '@mui/icons-material/Gavel';
import PriceCheckIcon from '@mui/icons-material/PriceCheck';
import HandshakeIcon from '@mui/icons-material/Handshake';
import LogoutIcon from '@mui/icons-material/Logout';
import OndemandVideoIcon from '@mui/icons-material/OndemandVideo';
import PolicyIcon from '@mui/icons-material/Policy';
import ReceiptLongIcon from '@mui/icons-material/ReceiptLong';
import SettingsIcon from '@mui/icons-material/Settings';
import StorefrontIcon from '@mui/icons-material/Storefront';
import {
  AD_HISTORY_ROLES,
  AUDIT_ROLES,
  SUPPORT_ROLES,
  holdsRole,
} from '@boli/engine/accounts/staffRoles';
import { awaitsPhoneCheck, visitorOf } from '../guards/access.ts';
import { useRequireLogin } from '../session/useRequireLogin.ts';
import { useSession } from '../session/sessionContext.ts';
import { savesData } from '../fetchAhead.ts';
import { useFetchScreenAhead } from '../screenAhead.ts';
import { HOW_ITS_DIFFERENT_VIDEO_URL, PUBLIC_RESPONSE_VIDEO_URL } from './externalLinks.ts';
import { itemsForWidth } from './layoutRules.ts';
import { usePageAnchor } from '../../lib/usePageAnchor.ts';
import { useCloseOnBack } from '../../lib/useCloseOnBack.ts';

type Item = {
  label: string;
  icon: ReactNode;
  /** A page of this app, or an external address. */
  to: string;
  /** Guests who choose it are asked to log in first. */
  needsLogin?: boolean;
  /** Listed only on narrow screens, where the top bar has no room for it. */
  narrowOnly?: boolean;
};

/** Guests find it in the top bar on a wide screen; members, whose bar has no room, in the menu. */
const CONTACT_US: Item = { label: 'Contact Us', icon: <ContactMailIcon />, to: '/contactus' };

const GUEST_LINKS: Item[] = [
  { label: 'Ads', icon: <StorefrontIcon />, to: '/', narrowOnly: true },
  { ...CONTACT_US, narrowOnly: true },
  {
    label: 'Public Response',
    icon: <OndemandVideoIcon />,
    to: PUBLIC_RESPONSE_VIDEO_URL,
    narrowOnly: true,
  },
  {
    label: 'How its different',
    icon: <OndemandVideoIcon />,
    to: HOW_ITS_DIFFERENT_VIDEO_URL,
    narrowOnly: true,
  },
];

const MEMBER_LINKS: Item[] = [
  { label: 'My profile', icon: <AccountCircleIcon />, to: '/profile-me', narrowOnly: true },
  { label: 'My Ads', icon: <StorefrontIcon />, to: '/myAds', narrowOnly: true },
  // Not in the spec's menu: the ads a member bid on, found again (the top bar has no room).
  { label: 'My Bids', icon: <PriceCheckIcon />, to: '/myBids' },
];

/** The menu items of spec section 2, in its order; Become a Partner? and Logout are added per user. */
const MENU: Item[] = [
  { label: 'Settings', icon: <SettingsIcon />, to: '/settings', needsLogin: true },
  { label: 'Subscription', icon: <CardMembershipIcon />, to: '/subscription', needsLogin: true },
  { label: 'Transactions', icon: <ReceiptLongIcon />, to: '/transactions', needsLogin: true },
  { label: 'Buy AdSpace', icon: <CampaignIcon />, to: '/buyAdSpace', needsLogin: true },
];

// A partner holds a share of Boli: the item leads to the share bids (/buyShare, section 2's
// route table), which nothing else in the app links to.
const BECOME_A_PARTNER: Item = {
  label: 'Become a Partner?',
  icon: <HandshakeIcon />,
  to: '/buyShare',
};

/** Staff pages (not in the spec's menu), listed for the roles that may open them. */
const STAFF_LINKS: (Item & { roles: readonly string[] })[] = [
  {
    label: 'Contact messages',
    icon: <MarkEmailReadIcon />,
    to: '/support/messages',
    roles: SUPPORT_ROLES,
  },
  { label: 'Ad history', icon: <HistoryIcon />, to: '/support/ads', roles: AD_HISTORY_ROLES },
  {
    label: 'Slot history',
    icon: <EventNoteIcon />,
    to: '/support/slots',
    roles: AD_HISTORY_ROLES,
  },
  { label: 'Payments audit', icon: <FactCheckIcon />, to: '/audit', roles: AUDIT_ROLES },
];

/** Staff items sit under a 'Staff' heading of their own, apart from the member's. */
const isStaffItem = (item: Item | undefined): boolean =>
  item !== undefined && STAFF_LINKS.some((link) => link.label === item.label);

const LEGAL: Item[] = [
  { label: 'Terms and Condition', icon: <GavelIcon />, to: '/tc' },
  { label: 'Privacy policy', icon: <PolicyIcon />, to: '/privacypolicy' },
];

export function MainMenu() {
  const [anchor, setAnchor] = usePageAnchor();
  const navigate = useNavigate();
  const requireLogin = useRequireLogin();
  const session = useSession();
  const { status, user, logout } = session;
  const member = status === 'member';
  const wide = useMediaQuery((theme: Theme) => theme.breakpoints.up('md'));
  const fetchScreen = useFetchScreenAhead();

  const close = () => setAnchor(null);
  // On a phone the menu covers the page: Back closes it rather than leaving the page under it.
  const back = useCloseOnBack(anchor !== null, close);
  /** Goes to `to` in place of the menu's own history entry: Back from there comes here. */
  const goTo = (to: string) => {
    back.leave();
    close();
    navigate(to, { replace: true });
  };
  const choose = (item: Item) => {
    if (/^https?:/.test(item.to)) {
      close();
      window.open(item.to, '_blank', 'noopener,noreferrer');
      return;
    }
    if (item.needsLogin && !member) {
      // The login dialog's own entry follows the menu's, which stays (taking it out races it).
      back.leave();
      close();
      requireLogin(undefined, item.to);
    } else goTo(item.to);
  };

  // A member whose phone is not verified: only pages that are not the OTP screen, and Logout.
  const items = awaitsPhoneCheck(visitorOf(session))
    ? [CONTACT_US, ...LEGAL]
    : itemsForWidth(
        [
          ...(member ? MEMBER_LINKS : GUEST_LINKS),
          ...MENU,
          ...(member && user ? [BECOME_A_PARTNER] : []),
          ...STAFF_LINKS.filter((link) => member && holdsRole(user?.roles, link.roles)),
          ...(member ? [CONTACT_US] : []),
          ...LEGAL,
        ],
        wide,
      );
  /** The item's screen, if choosing it opens one of this app's pages now (not the login dialog). */
  const fetchScreenOf = (item: Item) => {
    if (!/^https?:/.test(item.to) && !(item.needsLogin && !member)) fetchScreen(item.to);
  };
  const open = (button: HTMLElement) => {
    setAnchor(button);
    // Whoever opens the menu is about to choose from it: its screens' scripts start now
    // (on Save-Data, only the item touched or reached with the keyboard).
    if (!savesData()) items.forEach(fetchScreenOf);
  };

  return (
    <>
      <IconButton
        color="inherit"
        edge="end"
        aria-label="Menu"
        aria-controls={anchor ? 'main-menu' : undefined}
        aria-expanded={anchor !== null}
        aria-haspopup="true"
        onClick={(event) => open(event.currentTarget)}
      >
        <MenuIcon />
      </IconButton>
      <Menu
        id="main-menu"
        anchorEl={anchor}
        open={anchor !== null}
        onClose={close}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
        transformOrigin={{ vertical: 'top', horizontal: 'right' }}
      >
        {items.flatMap((item, index) => [
          ...(isStaffItem(item) && !isStaffItem(items[index - 1])
            ? [
                <Divider key="staff-divider" />,
                <ListSubheader key="staff-heading" sx={{ lineHeight: 2.5 }}>
                  Staff
                </ListSubheader>,
              ]
            : []),
          <MenuItem
            key={item.label}
            onPointerDown={() => fetchScreenOf(item)}
            onFocus={() => fetchScreenOf(item)}
            onClick={() => choose(item)}
          >
            <ListItemIcon>{item.icon}</ListItemIcon>
            <ListItemText>{item.label}</ListItemText>
          </MenuItem>,
          ...(isStaffItem(item) && !isStaffItem(items[index + 1])
            ? [<Divider key="staff-end" />]
            : []),
        ])}
        {member && <Divider />}
        {member && (
          <MenuItem
            onClick={() => {
              logout();
              goTo('/');
            }}
          >
            <ListItemIcon>
              <LogoutIcon />
            </ListItemIcon>
            <ListItemText>Logout</ListItemText>
          </MenuItem>
        )}
      </Menu>
    </>
  );
}
