import { useEffect, useState, type FormEvent } from 'react';
import { Link as RouterLink, useNavigate, useParams } from 'react-router-dom';
import { useSnackbar } from 'notistack';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import {
  validateResetPassword,
  type FieldErrors,
  type ResetPasswordInput,
} from '@boli/engine/accounts/account.rules';
import { MESSAGES } from '@boli/engine/shared/messages';
import { firstMessageOf } from '../../../app/api/client.ts';
import { fieldErrorProps } from '../../../lib/fieldErrors.ts';
import { useRefusalFocus } from '../../../lib/refusalFocus.ts';
import { CenteredSpinner } from '../../../components/CenteredSpinner.tsx';
import { checkResetLink, resetPassword } from '../api/accountsApi.ts';
import { isDeadResetLink } from '../model/resetLink.ts';
import { PasswordField } from '../../../components/PasswordField.tsx';
import { useSession } from '../../../app/session/sessionContext.ts';

/**
 * Set password (the mailed link /api/auth/resetPassword/{q}): success goes to /login. The link is
 * asked about first (GET /api/resetPassword/check), and again by the reset; a dead one (used,
 * unknown, expired) ends the form, with the ways on: a new link (/forgot-password) or /login. When
 * the check cannot be asked, the form shows, and its submit tells.
 */
export function SetPasswordScreen() {
  const { q = '' } = useParams();
  const [input, setInput] = useState<ResetPasswordInput>({ password: '', rePassword: '' });
  const [errors, setErrors] = useState<FieldErrors<keyof ResetPasswordInput>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [deadLink, setDeadLink] = useState(false);
  const [saving, setSaving] = useState(false);
  const [checked, setChecked] = useState(false);
  // The account the link sets the password of, as the check names it (null when not asked).
  const [account, setAccount] = useState<string | null>(null);
  const { user } = useSession();
  const navigate = useNavigate();
  const { enqueueSnackbar } = useSnackbar();
  // A refusal takes the focus to the first field to fix, not left on Set password.
  const { form, refused } = useRefusalFocus();

  useEffect(() => {
    let live = true;
    const refuse = (error: unknown) => {
      if (!live) return;
      if (isDeadResetLink(error)) {
        setFailure(firstMessageOf(error));
        setDeadLink(true);
      }
      setChecked(true);
    };
    checkResetLink(q).then((username) => {
      if (!live) return;
      setAccount(username);
      setChecked(true);
    }, refuse);
    return () => {
      live = false;
    };
  }, [q]);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    // The server's last refusal was of what was typed before ('too common'): not of this.
    setFailure(null);
    const problems = validateResetPassword(input);
    setErrors(problems);
    if (Object.keys(problems).length > 0) {
      refused();
      return;
    }
    setSaving(true);
    try {
      const msg = await resetPassword(input.password, input.rePassword, q);
      enqueueSnackbar(msg || MESSAGES.passwordChanged, { variant: 'success' });
      navigate('/login', { replace: true });
    } catch (error) {
      setFailure(firstMessageOf(error));
      setDeadLink(isDeadResetLink(error));
      setSaving(false);
    }
  };

  const edit = (field: keyof ResetPasswordInput) => (value: string) => {
    setInput((i) => ({ ...i, [field]: value }));
    setErrors((e) => ({ ...e, [field]: undefined }));
  };

  if (!checked) return <CenteredSpinner label="Checking your link" />;
  if (deadLink) {
    return (
      <Stack spacing={2} sx={{ maxWidth: 560, mx: 'auto', width: '100%' }}>
        <Typography variant="h5" component="h1">
          Set password
        </Typography>
        <Alert severity="error">{failure}</Alert>
        <Stack direction="row" spacing={2}>
          <Button component={RouterLink} to="/forgot-password" variant="contained">
            Request a new link
          </Button>
          <Button component={RouterLink} to="/login" variant="outlined">
            Login
          </Button>
        </Stack>
      </Stack>
    );
  }

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
        Set password
      </Typography>
      {account !== null && (
        <Typography data-testid="reset-account">
          A new password for <strong>{account}</strong>.
        </Typography>
      )}
      {/* A link mailed to another account, opened where a member is signed in. */}
      {account !== null && user && user.username !== account && (
        <Alert severity="warning" data-testid="reset-other-account">
          You are signed in as {user.username}. This link sets the password of {account}, not yours.
        </Alert>
      )}
      {failure && <Alert severity="error">{failure}</Alert>}
      <PasswordField
        label="New password"
        name="password"
        autoComplete="new-password"
        value={input.password}
        onChange={(event) => edit('password')(event.target.value)}
        {...fieldErrorProps(errors.password)}
      />
      <PasswordField
        label="Confirm new password"
        name="rePassword"
        autoComplete="new-password"
        value={input.rePassword}
        onChange={(event) => edit('rePassword')(event.target.value)}
        {...fieldErrorProps(errors.rePassword)}
      />
      <Button type="submit" variant="contained" loading={saving}>
        Set password
      </Button>
    </Stack>
  );
}
