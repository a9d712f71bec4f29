import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import Alert from '@mui/material/Alert';
import AppBar from '@mui/material/AppBar';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import Dialog from '@mui/material/Dialog';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Toolbar from '@mui/material/Toolbar';
import Typography from '@mui/material/Typography';
import { PasswordField } from '../../../components/PasswordField.tsx';
import CloseIcon from '@mui/icons-material/Close';
import {
  validateChangePassword,
  type ChangePasswordInput,
  type FieldErrors,
} from '@boli/engine/accounts/account.rules';
import { MESSAGES } from '@boli/engine/shared/messages';
import { ApiError, firstMessageOf } from '../../../app/api/client.ts';
import { useApi } from '../../../app/session/useApi.ts';
import { useSession } from '../../../app/session/sessionContext.ts';
import { errorsByField, fieldErrorProps } from '../../../lib/fieldErrors.ts';
import { useCloseOnBack } from '../../../lib/useCloseOnBack.ts';
import { useRefusalFocus } from '../../../lib/refusalFocus.ts';

const EMPTY: ChangePasswordInput = { oldPassword: '', password: '', rePassword: '' };
const FIELDS: [keyof ChangePasswordInput, string, string][] = [
  ['oldPassword', 'Old password', 'current-password'],
  ['password', 'New password', 'new-password'],
  ['rePassword', 'Confirm new password', 'new-password'],
];

/**
 * The full-screen Change Password dialog (sections 2, 4, 5): success ends the session and goes to
 * / with 'Password changed successfully. Please login with the new password.'.
 */
export function ChangePasswordDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const [input, setInput] = useState(EMPTY);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [saving, setSaving] = useState(false);
  // Each refusal, the form's or the api's, takes the focus to the first field to fix.
  const { form, refused } = useRefusalFocus();
  const { request } = useApi();
  const { logout } = useSession();
  const navigate = useNavigate();

  const close = () => {
    setInput(EMPTY);
    setErrors({});
    onClose();
  };
  const back = useCloseOnBack(open, close);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const problems = validateChangePassword(input);
    setErrors(problems);
    if (Object.keys(problems).length > 0) {
      refused();
      return;
    }
    setSaving(true);
    try {
      await request('/api/user/changePassword', { json: input });
      back.leave();
      logout(MESSAGES.passwordChangedLogin, { inDialog: true });
      navigate('/', { replace: true });
    } catch (error) {
      if (error instanceof ApiError) {
        // A field's message is said under that field; above the form, only one of no field's.
        const byField = errorsByField(error.errors);
        setErrors(Object.keys(byField).length > 0 ? byField : { form: [firstMessageOf(error)] });
      } else {
        setErrors({ form: [MESSAGES.generic] });
      }
      refused();
      setSaving(false);
    }
  };

  return (
    <Dialog fullScreen open={open} onClose={close} aria-labelledby="change-password-title">
      <AppBar position="relative" elevation={0}>
        <Toolbar>
          <IconButton edge="start" color="inherit" onClick={close} aria-label="Close">
            <CloseIcon />
          </IconButton>
          <Typography id="change-password-title" variant="h6" component="h2" sx={{ ml: 2 }}>
            Change Password
          </Typography>
        </Toolbar>
      </AppBar>
      <Container maxWidth="xs" sx={{ py: 4 }}>
        <Stack spacing={2} component="form" ref={form} noValidate onSubmit={submit}>
          {errors.form && <Alert severity="error">{errors.form[0]}</Alert>}
          {FIELDS.map(([field, label, autoComplete]) => (
            // Each with its show/hide toggle, as on Login, Register and Set password.
            <PasswordField
              key={field}
              label={label}
              name={field}
              autoComplete={autoComplete}
              value={input[field]}
              onChange={(event) => setInput((i) => ({ ...i, [field]: event.target.value }))}
              {...fieldErrorProps(errors[field])}
            />
          ))}
          <Button type="submit" variant="contained" loading={saving}>
            Change Password
          </Button>
        </Stack>
      </Container>
    </Dialog>
  );
}
