import { Link as RouterLink, useNavigate } from 'react-router-dom';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { loginPath, OTP_PHONE_VERIFY_PATH } from '../../../app/guards/access.ts';
import { useSession } from '../../../app/session/sessionContext.ts';
import { canResendEmail, EmailVerifyPanel } from './EmailVerifyPanel.tsx';

const HERE = '/email-verify-message';

/**
 * /email-verify-message: the email must be verified; Login, Verify Email and Resend Email. The
 * email is sent again only for a signed-in account (or one just signed up): anyone else is asked
 * to log in first, and comes back here.
 */
export function EmailVerifyMessageScreen() {
  const navigate = useNavigate();
  const { status, user } = useSession();
  const member = status === 'member';
  const login = (
    <Button
      component={RouterLink}
      to={loginPath(HERE)}
      variant={canResendEmail() ? 'text' : 'contained'}
      sx={{ alignSelf: 'flex-start' }}
    >
      Login
    </Button>
  );

  // A verified member who opens this page (an old link, Back) is told so, and goes on.
  if (member && user?.emailValidated) {
    return (
      <Stack spacing={2} sx={{ maxWidth: 560, mx: 'auto', width: '100%' }}>
        <Typography variant="h5" component="h1">
          Verify Your Email
        </Typography>
        <Typography>Your email is verified: nothing more to do here.</Typography>
        <Button component={RouterLink} to="/" variant="contained" sx={{ alignSelf: 'flex-start' }}>
          Continue
        </Button>
      </Stack>
    );
  }
  if (!canResendEmail()) {
    return (
      <Stack spacing={2} sx={{ maxWidth: 560, mx: 'auto', width: '100%' }}>
        <Typography variant="h5" component="h1">
          Verify Your Email
        </Typography>
        <Typography>
          Your email must be verified before you can go on. Please login to have the verification
          email sent again.
        </Typography>
        {login}
      </Stack>
    );
  }
  return (
    <Stack spacing={3} sx={{ maxWidth: 560, mx: 'auto', width: '100%' }}>
      <EmailVerifyPanel
        onVerify={() => navigate(OTP_PHONE_VERIFY_PATH)}
        // A member goes on to /, which opens the phone step if it is still due.
        onContinue={() => navigate(member ? '/' : OTP_PHONE_VERIFY_PATH)}
      />
      {!member && login}
    </Stack>
  );
}
