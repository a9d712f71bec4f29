import { useEffect, useRef, useState } from 'react';
import { Link as RouterLink, useNavigate, useParams } from 'react-router-dom';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { MESSAGES } from '@boli/engine/shared/messages';
import { CenteredSpinner } from '../../../components/CenteredSpinner.tsx';
import { messageOf } from '../../../app/api/client.ts';
import { OTP_PHONE_VERIFY_PATH } from '../../../app/guards/access.ts';
import { writeStored } from '../../../app/session/storage.ts';
import { validateEmail } from '../api/accountsApi.ts';

/** The emailed link /email-verify/{q}: validates the email, then on to the phone OTP. */
export function EmailVerifyScreen() {
  const { userId: q = '' } = useParams();
  const [failure, setFailure] = useState<string | null>(null);
  const navigate = useNavigate();
  const asked = useRef<string | null>(null);

  useEffect(() => {
    // One call per link, even when React runs the effect twice.
    if (asked.current === q) return;
    asked.current = q;
    validateEmail(q)
      .then(({ emailValidated, username }) => {
        if (!emailValidated) {
          setFailure(MESSAGES.emailNotValidated);
          return;
        }
        if (username) writeStored('username', username);
        navigate(OTP_PHONE_VERIFY_PATH, { replace: true });
      })
      .catch((error: unknown) => {
        setFailure(messageOf(error));
      });
  }, [q, navigate]);

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
