import { useEffect, useRef, useState } from 'react';
import { Link as RouterLink, useNavigate, useParams } from 'react-router-dom';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useSnackbar } from 'notistack';
import { ACCOUNT_MESSAGES } from '@boli/engine/accounts/account.messages';
import { MESSAGES } from '@boli/engine/shared/messages';
import { CenteredSpinner } from '../../../components/CenteredSpinner.tsx';
import { OTP_PHONE_VERIFY_PATH } from '../../../app/guards/access.ts';
import { writeStored } from '../../../app/session/storage.ts';
import { useSession } from '../../../app/session/sessionContext.ts';
import { validateEmail } from '../api/accountsApi.ts';
import { emailVerifyFailure } from '../model/emailVerify.ts';
import type { OtpScreenState } from './OtpPhoneVerifyScreen.tsx';

/**
 * The emailed link /email-verify/{q}: validates the email, then on to the phone OTP; when the
 * mobile is verified already (the link opened again), on to the login, or home for a member.
 */
/** Said to a member who opened another account's link: whose email it verified. */
export const othersEmailVerified = (username: string): string =>
  `The email of ${username} is verified. The link was for that account, not yours.`;

export function EmailVerifyScreen() {
  const { userId: q = '' } = useParams();
  const [failure, setFailure] = useState<string | null>(null);
  const navigate = useNavigate();
  const { enqueueSnackbar } = useSnackbar();
  const { status, user, updateUser } = useSession();
  const member = useRef(status === 'member');
  member.current = status === 'member';
  const signedIn = useRef(user);
  signedIn.current = user;
  const asked = useRef<string | null>(null);

  useEffect(() => {
    // One call per link, even when React runs the effect twice.
    if (asked.current === q) return;
    asked.current = q;
    validateEmail(q)
      .then(({ emailValidated, mobileValidated, username }) => {
        if (!emailValidated) {
          setFailure(MESSAGES.emailNotValidated);
          return;
        }
        // Whose code the OTP screen sends; a member's own login says that already (another
        // account's link opened while logged in must not change it).
        if (username && !member.current) writeStored('username', username);
        const own = signedIn.current;
        // Another account's link, opened where a member is signed in: that account's email is
        // verified, which is said, and the member goes on as themselves (their phone is theirs).
        if (member.current && own && username && own.username !== username) {
          enqueueSnackbar(othersEmailVerified(username), { variant: 'info' });
          navigate('/', { replace: true });
          return;
        }
        // The member's own link: the session learns the email is verified, so the OTP screen
        // sends the code rather than asking for the email again.
        if (member.current && own && own.username === username && !own.emailValidated) {
          updateUser({ ...own, emailValidated: true });
        }
        if (!mobileValidated) {
          const verified: OtpScreenState = { emailVerified: true };
          navigate(OTP_PHONE_VERIFY_PATH, { replace: true, state: verified });
        } else if (member.current) {
          enqueueSnackbar(ACCOUNT_MESSAGES.ownEmailVerified, { variant: 'info' });
          navigate('/', { replace: true });
        } else {
          enqueueSnackbar(ACCOUNT_MESSAGES.alreadyVerified, { variant: 'info' });
          navigate('/login', { replace: true });
        }
      })
      .catch((error: unknown) => {
        setFailure(emailVerifyFailure(error));
      });
  }, [q, navigate, enqueueSnackbar, updateUser]);

  return (
    <Stack spacing={2} sx={{ maxWidth: 560, mx: 'auto', width: '100%' }}>
      <Typography variant="h5" component="h1">
        Verify Your Email
      </Typography>
      {failure ? (
        <>
          <Alert severity="error">{failure}</Alert>
          <Button component={RouterLink} to="/email-verify-message" variant="outlined">
            Resend Email
          </Button>
        </>
      ) : (
        <CenteredSpinner label="Verifying your email" />
      )}
    </Stack>
  );
}
