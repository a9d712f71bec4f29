import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { requiredRule } from '@boli/engine/accounts/account.rules';
import { OTP_PHONE_VERIFY_PATH } from '../../../app/guards/access.ts';
import { writeStored } from '../../../app/session/storage.ts';
import { fieldErrorProps } from '../../../lib/fieldErrors.ts';

/**
 * /otp-phone: whose phone to verify. The OTP itself is sent by /otp-phone-verify as it opens, so
 * one press spends one of the day's tries, not two.
 */
export function OtpPhoneScreen() {
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
        Send OTP to your phone
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
