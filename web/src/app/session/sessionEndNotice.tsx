import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import CloseIcon from '@mui/icons-material/Close';
import { closeSnackbar, type OptionsObject } from 'notistack';
import { ACCOUNT_MESSAGES } from '@boli/engine/accounts/account.messages';

/** The block's notice, one per tab, closed by a sign-in (`closeBlockedNotice`). */
const BLOCKED_NOTICE_KEY = 'session-ended-blocked';

/**
 * How the end of a session is said. Most ends (expired, logged out elsewhere) are a passing note:
 * signing in again mends them. A block is not: it stays until closed, or until the member signs
 * in again (unblocked), as an error, with the way to the customer care it names (a link, not the
 * router's: the session's notices are above it).
 */
export function sessionEndNotice(message: string): OptionsObject {
  if (message !== ACCOUNT_MESSAGES.accountBlocked) return { variant: 'info' };
  return {
    key: BLOCKED_NOTICE_KEY,
    preventDuplicate: true,
    variant: 'error',
    persist: true,
    action: (key) => (
      <>
        <Button color="inherit" size="small" href="/contactus">
          Contact Us
        </Button>
        <IconButton
          color="inherit"
          size="small"
          aria-label="Close"
          onClick={() => closeSnackbar(key)}
        >
          <CloseIcon fontSize="small" />
        </IconButton>
      </>
    ),
  };
}

/** A sign-in, here or in another tab: a block's notice no longer holds. */
export const closeBlockedNotice = (): void => closeSnackbar(BLOCKED_NOTICE_KEY);
