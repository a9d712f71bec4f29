import { useState, type FormEvent, type ReactNode } from 'react';
import { Navigate, useNavigate, useSearchParams } from 'react-router-dom';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { requiredRule } from '@boli/engine/accounts/account.rules';
import { OTP_PHONE_VERIFY_PATH, safeRedirectTarget } from '../../../app/guards/access.ts';
import { CenteredSpinner } from '../../../components/CenteredSpinner.tsx';
import { useSession } from '../../../app/session/sessionContext.ts';
import { writeStored } from '../../../app/session/storage.ts';
import { fieldErrorProps } from '../../../lib/fieldErrors.ts';
import { useRefusalFocus } from '../../../lib/refusalFocus.ts';
import { loginPath, otpSignInPath } from '../model/returnAfterVerify.ts';
import { WayIn } from './WayIn.tsx';
import { SIGN_IN_TITLE } from '../model/returnAfterVerify.ts';

const VERIFY_TITLE = 'Send OTP to your phone';

/**
 * /otp-phone: a username to send an OTP to (section 2). Signed in with the phone still to verify,
 * it names whose phone to check; a visitor logs in with a code sent to the verified phone of the
 * account named (section 1: sign-in by phone OTP). Either way the code is sent by
 * /otp-phone-verify as it opens, so one press spends one of the day's tries, not two.
 */
export function OtpPhoneScreen() {
  const { status, user } = useSession();
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const redirect = params.get('redirect');
  if (status === 'loading') return <CenteredSpinner label="Checking your login" />;
  if (status === 'member') {
    // Signed in and verified, there is nothing to send; signed in, whose phone to check.
    if (user?.mobileValidated) return <Navigate to={safeRedirectTarget(redirect)} replace />;
    return (
      <UsernameForm
        title={VERIFY_TITLE}
        onUsername={(username) => {
          writeStored('username', username);
          navigate(OTP_PHONE_VERIFY_PATH);
        }}
      />
    );
  }
  return (
    <UsernameForm
      title={SIGN_IN_TITLE}
      label="Email or username"
      intro="Enter your email or username, and we will send a code by SMS to your verified mobile number."
      typed={params.get('username') ?? ''}
      onUsername={(username) => navigate(otpSignInPath(username, redirect))}
    >
      {(username) => <WayIn to={loginPath(redirect, username)}>Login with password</WayIn>}
    </UsernameForm>
  );
}

function UsernameForm({
  title,
  label = 'Username',
  intro,
  typed = '',
  onUsername,
  children,
}: {
  title: string;
  label?: string;
  intro?: string;
  /** What was typed already, elsewhere (Login, a refused name). */
  typed?: string;
  onUsername: (username: string) => void;
  /** The other ways on, given what is typed. */
  children?: (username: string) => ReactNode;
}) {
  const [username, setUsername] = useState(typed);
  const [errors, setErrors] = useState<string[]>([]);
  const { form, refused } = useRefusalFocus();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const problems = requiredRule(username);
    setErrors(problems);
    if (problems.length > 0) {
      refused();
      return;
    }
    onUsername(username.trim());
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
        {title}
      </Typography>
      {intro && <Typography color="textSecondary">{intro}</Typography>}
      <TextField
        label={label}
        name="username"
        autoComplete="username"
        value={username}
        onChange={(event) => setUsername(event.target.value)}
        {...fieldErrorProps(errors)}
      />
      <Button type="submit" variant="contained">
        Send OTP
      </Button>
      {children?.(username)}
    </Stack>
  );
}
