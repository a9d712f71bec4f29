import { useState, type FormEvent } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { emailRule } from '@boli/engine/accounts/account.rules';
import { MESSAGES } from '@boli/engine/shared/messages';
import { ApiError } from '../../../app/api/client.ts';
import { fieldErrorProps } from '../../../lib/fieldErrors.ts';
import { forgotPassword } from '../api/accountsApi.ts';
import { TAP_TARGET } from '../../../components/tapTarget.ts';
import { useRefusalFocus } from '../../../lib/refusalFocus.ts';

type Notice = { severity: 'success' | 'error'; text: string };

/** Reset Password (sections 2, 7, 8): Send Email; on success the field is cleared. */
export function ForgotPasswordScreen() {
  const [email, setEmail] = useState('');
  const [errors, setErrors] = useState<string[]>([]);
  const [sending, setSending] = useState(false);
  const [notice, setNotice] = useState<Notice | null>(null);
  // Each refusal takes the focus to the email to fix.
  const { form, refused } = useRefusalFocus();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const problems = emailRule(email);
    setErrors(problems);
    if (problems.length > 0) {
      refused();
      return;
    }
    setSending(true);
    setNotice(null);
    try {
      const msg = await forgotPassword(email.trim());
      setNotice({ severity: 'success', text: msg || MESSAGES.resetEmailSent });
      setEmail('');
    } catch (error) {
      // An answer flagged error without a message: no such account (section 8).
      const text =
        error instanceof ApiError && error.status !== 0
          ? error.serverMsg || MESSAGES.noAccountSignupFirst
          : MESSAGES.generic;
      setNotice({ severity: 'error', text });
    } finally {
      setSending(false);
    }
  };

  return (
    <Stack
      spacing={2}
      sx={{ maxWidth: 560, mx: 'auto', width: '100%' }}
      component="form"
      ref={form}
      noValidate
      onSubmit={submit}
    >
      <Typography variant="h5" component="h1">
        Reset Password
      </Typography>
      <Typography color="textSecondary">
        Enter the email of your account and we will send you a link to set a new password.
      </Typography>
      {notice && <Alert severity={notice.severity}>{notice.text}</Alert>}
      <TextField
        label="Email"
        type="email"
        name="email"
        autoComplete="email"
        value={email}
        onChange={(event) => {
          setEmail(event.target.value);
          setErrors([]);
        }}
        {...fieldErrorProps(errors)}
      />
      <Button type="submit" variant="contained" loading={sending}>
        Send Email
      </Button>
      <Link
        component={RouterLink}
        to="/login"
        variant="body2"
        sx={{ ...TAP_TARGET, alignSelf: 'flex-start' }}
      >
        Back to Login
      </Link>
    </Stack>
  );
}
