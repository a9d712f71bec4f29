import { Link as RouterLink, useNavigate } from 'react-router-dom';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { OTP_PHONE_VERIFY_PATH } from '../../../app/guards/access.ts';
import { EmailVerifyPanel } from './EmailVerifyPanel.tsx';

/** /email-verify-message: the email must be verified; Login, Verify Email and Resend Email. */
export function EmailVerifyMessageScreen() {
  const navigate = useNavigate();
  return (
    <Stack spacing={3} sx={{ maxWidth: 560, mx: 'auto', width: '100%' }}>
      <EmailVerifyPanel onVerify={() => navigate(OTP_PHONE_VERIFY_PATH)} />
      <Button component={RouterLink} to="/login" sx={{ alignSelf: 'flex-start' }}>
        Login
      </Button>
    </Stack>
  );
}
