import { useRef, useState, type FormEvent } from 'react';
import { Link as RouterLink, useNavigate, useSearchParams } from 'react-router-dom';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { requiredRule } from '@boli/engine/accounts/account.rules';
import { firstMessageOf } from '../../../app/api/client.ts';
import { OTP_PHONE_VERIFY_PATH, safeRedirectTarget } from '../../../app/guards/access.ts';
import { useSession } from '../../../app/session/sessionContext.ts';
import { removeStored, writeStored } from '../../../app/session/storage.ts';
import { fieldErrorProps } from '../../../lib/fieldErrors.ts';
import { AuthPageAd } from '../../adspace/components/AuthPageAd.tsx';
import { signin } from '../api/accountsApi.ts';
import { PasswordField } from '../../../components/PasswordField.tsx';
import { TAP_TARGET } from '../../../components/tapTarget.ts';
import { useRefusalFocus } from '../../../lib/refusalFocus.ts';
import { keepReturnAfterVerify, otpLoginPath, signUpPath } from '../model/returnAfterVerify.ts';

/**
 * Login (sections 2, 4, 8): email or username and password. Success stores the tokens and goes to
 * ?redirect= (or /); a member whose mobile is not validated goes to /otp-phone-verify. Login with
 * OTP (/otp-phone) is the other way in, to the same ?redirect=.
 */
export function LoginScreen() {
  const [params] = useSearchParams();
  // Typed on Login with OTP already (its Login with password link brings it).
  const [username, setUsername] = useState(() => params.get('username') ?? '');
  const [password, setPassword] = useState('');
  const [touched, setTouched] = useState(false);
  const [going, setGoing] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  // Each refusal takes the focus to the first field to fix.
  const { form, refused } = useRefusalFocus();
  const passwordInput = useRef<HTMLInputElement>(null);
  const { login } = useSession();
  const navigate = useNavigate();

  const usernameErrors = touched ? requiredRule(username) : [];
  const passwordErrors = touched ? requiredRule(password) : [];

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setTouched(true);
    if (requiredRule(username).length > 0 || requiredRule(password).length > 0) {
      refused();
      return;
    }
    setGoing(true);
    setFailure(null);
    try {
      const { tokens, user, validationJWT } = await signin(username.trim(), password);
      // A validation token left by another account's sign-up must not speak for this one.
      if (validationJWT) writeStored('validationJWT', validationJWT);
      else removeStored('validationJWT');
      login(tokens, user);
      // Not verified yet: the page set out from waits till the phone is.
      if (!user.mobileValidated) keepReturnAfterVerify(params.get('redirect'));
      navigate(
        user.mobileValidated ? safeRedirectTarget(params.get('redirect')) : OTP_PHONE_VERIFY_PATH,
        { replace: true },
      );
    } catch (error) {
      setFailure(firstMessageOf(error));
      setGoing(false);
      // The busy Login let go of the focus: it goes to the password, to type again.
      passwordInput.current?.focus();
      passwordInput.current?.select();
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
        Login
      </Typography>
      {failure && <Alert severity="error">{failure}</Alert>}
      <TextField
        label="Email or username"
        name="username"
        autoComplete="username"
        value={username}
        onChange={(event) => setUsername(event.target.value)}
        {...fieldErrorProps(usernameErrors)}
      />
      <PasswordField
        label="Password"
        name="password"
        autoComplete="current-password"
        inputRef={passwordInput}
        value={password}
        onChange={(event) => setPassword(event.target.value)}
        {...fieldErrorProps(passwordErrors)}
      />
      {/* Section 1: sign-in is by password, or by a code to the verified phone. */}
      <Stack direction="row" spacing={3} sx={{ flexWrap: 'wrap' }}>
        <Link component={RouterLink} to="/forgot-password" variant="body2" sx={TAP_TARGET}>
          Forgot password?
        </Link>
        <Link
          component={RouterLink}
          to={otpLoginPath(params.get('redirect'), username)}
          variant="body2"
          sx={TAP_TARGET}
        >
          Login with OTP
        </Link>
      </Stack>
      <Button type="submit" variant="contained" size="large" loading={going}>
        Login
      </Button>
      {/* The only way on to Register from here: a finger's target, not a line of text. */}
      <Typography
        variant="body2"
        component="div"
        sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 0.5 }}
      >
        New to Boli?
        <Link component={RouterLink} to={signUpPath(params.get('redirect'))} sx={TAP_TARGET}>
          Sign up
        </Link>
        ·
        <Link component={RouterLink} to="/contactus" sx={TAP_TARGET}>
          Contact Us
        </Link>
      </Typography>
      <AuthPageAd />
    </Stack>
  );
}
