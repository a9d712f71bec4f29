import { useState, type FormEvent } from 'react';
import { Link as RouterLink, useNavigate } from 'react-router-dom';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { requiredRule } from '@boli/engine/accounts/account.rules';
import { loginPath, OTP_PHONE_VERIFY_PATH } from '../../../app/guards/access.ts';
import { writeStored } from '../../../app/session/storage.ts';
import { fieldErrorProps } from '../../../lib/fieldErrors.ts';
import { verificationToken } from '../api/accountsApi.ts';

const TITLE = 'Send OTP to your phone';

/**
 * /otp-phone: whose phone to verify. The OTP itself is sent by /otp-phone-verify as it opens, so
 * one press spends one of the day's tries, not two. The api sends a code only to a member signed
 * in, or signed up in this browser (docs/api/accounts.md): anyone else is asked to log in first,
 * rather than offered a Send OTP that sends nothing.
 */
export function OtpPhoneScreen() {
  if (!verificationToken()) {
    return (
      <Stack spacing={2} sx={{ maxWidth: 560, mx: 'auto', width: '100%' }}>
        <Typography variant="h5" component="h1">
          {TITLE}
        </Typography>
        <Typography>Please login to verify your mobile number; the code is sent then.</Typography>
        <Button
          component={RouterLink}
          to={loginPath(OTP_PHONE_VERIFY_PATH)}
          variant="contained"
          sx={{ alignSelf: 'flex-start' }}
        >
          Login
        </Button>
      </Stack>
    );
  }
  return <UsernameForm />;
}

function UsernameForm() {
  const [username, setUsername] = useState('');
  const [errors, setErrors] = useState<string[]>([]);
  const navigate = useNavigate();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const problems = requiredRule(username);
    setErrors(problems);
    if (problems.length > 0) return;
    writeStored('username', username.trim());
    navigate(OTP_PHONE_VERIFY_PATH);
  };

  return (
    <Stack
      spacing={2}
      sx={{ maxWidth: 560, mx: 'auto', width: '100%' }}
      component="form"
      noValidate
      onSubmit={submit}
    >
      <Typography variant="h5" component="h1">
        {TITLE}
      </Typography>
      <TextField
        label="Username"
        name="username"
        autoComplete="username"
        value={username}
        onChange={(event) => setUsername(event.target.value)}
        {...fieldErrorProps(errors)}
      />
      <Button type="submit" variant="contained">
        Send OTP
      </Button>
    </Stack>
  );
}
