import { useCallback, useEffect, useRef, useState } from 'react';
import { useSnackbar } from 'notistack';
import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import FormControlLabel from '@mui/material/FormControlLabel';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import Typography from '@mui/material/Typography';
import LockIcon from '@mui/icons-material/Lock';
import { LIMITS } from '@boli/engine/shared/limits';
import { MESSAGES } from '@boli/engine/shared/messages';
import { ACCOUNT_MESSAGES } from '@boli/engine/accounts/account.messages';
import { useRefreshWhileShown } from '../../../lib/useRefreshWhileShown.ts';
import { messageOf } from '../../../app/api/client.ts';
import { useApi } from '../../../app/session/useApi.ts';
import { CenteredSpinner } from '../../../components/CenteredSpinner.tsx';
import { LoadFailure } from '../../../components/LoadFailure.tsx';
import { ChangePasswordDialog } from './ChangePasswordDialog.tsx';

type SettingKey = 'showMobileNumber' | 'showEmail' | 'showAddress' | 'emailNotices';
type Settings = Record<SettingKey, boolean>;
type SettingSwitch = [SettingKey, string, string];

/** Each section's switches: its heading, then each switch's key, label and what it does. */
const SECTIONS: [string, SettingSwitch[]][] = [
  [
    'Personal',
    [
      ['showMobileNumber', 'Show my mobile number', 'Others see your full number on your profile.'],
      ['showEmail', 'Show my email', 'Others see your email on your profile.'],
      ['showAddress', 'Show my address', 'Others see your address on your profile.'],
    ],
  ],
  [
    'Emails',
    [
      [
        'emailNotices',
        ACCOUNT_MESSAGES.emailNoticesSwitch,
        'A first bid on your ad, a final call and the close of bidding, a request for your mobile number and its approval, a slot to pay for, a payment received or refunded: sent to your email as well as to the bell.',
      ],
    ],
  ],
];

const readSettings = (data: unknown): Settings => {
  const row = (typeof data === 'object' && data !== null ? data : {}) as Record<string, unknown>;
  return {
    showMobileNumber: row.showMobileNumber === true,
    showEmail: row.showEmail === true,
    showAddress: row.showAddress === true,
    // On unless turned off (an answer without it, from an older api, means on).
    emailNotices: row.emailNotices !== false,
  };
};

/**
 * Settings (sections 2, 6): who sees your mobile number, email and address; whether the notices
 * that go by email are mailed (ours); Security.
 */
export function SettingsScreen() {
  const { request, envelope } = useApi();
  const { enqueueSnackbar } = useSnackbar();
  const [settings, setSettings] = useState<Settings | null>(null);
  const [failed, setFailed] = useState(false);
  // Retry reads the settings again: the spinner shows meanwhile.
  const [attempt, setAttempt] = useState(0);
  const [changingPassword, setChangingPassword] = useState(false);

  useEffect(() => {
    let live = true;
    setFailed(false);
    request<unknown>('/api/user/getAll_User_Settings').then(
      (data) => live && setSettings(readSettings(data)),
      () => live && setFailed(true),
    );
    return () => {
      live = false;
    };
  }, [request, attempt]);

  // Switched in another tab or on another device meanwhile: read again, quietly, on coming back
  // into view and now and then, unless a switch of this page's is still on its way.
  const saving = useRef(0);
  const refresh = useCallback(() => {
    request<unknown>('/api/user/getAll_User_Settings').then(
      (data) => saving.current === 0 && setSettings(readSettings(data)),
      () => undefined,
    );
  }, [request]);
  useRefreshWhileShown(refresh, LIMITS.profileRefreshMs);

  const change = async (key: SettingKey, value: boolean) => {
    setSettings((s) => (s ? { ...s, [key]: value } : s));
    saving.current += 1;
    try {
      // Saved as it is switched: said, so the member knows nothing more is to be pressed.
      const { msg } = await envelope('/api/user/changeSetting', { json: { key, value } });
      enqueueSnackbar(msg || MESSAGES.settingsUpdated, { variant: 'success' });
    } catch (error) {
      setSettings((s) => (s ? { ...s, [key]: !value } : s));
      enqueueSnackbar(messageOf(error), {
        variant: 'error',
      });
    } finally {
      saving.current -= 1;
    }
  };

  return (
    <Stack spacing={3}>
      <Typography variant="h5" component="h1">
        Settings
      </Typography>
      {failed && (
        <LoadFailure message={MESSAGES.generic} onRetry={() => setAttempt((n) => n + 1)} />
      )}
      {!settings && !failed && <CenteredSpinner label="Loading your settings" />}
      {settings &&
        SECTIONS.map(([heading, switches]) => (
          <Stack spacing={1} key={heading}>
            <Typography variant="h6" component="h2">
              {heading}
            </Typography>
            {switches.map(([key, label, hint]) => (
              <Stack key={key}>
                <FormControlLabel
                  control={
                    <Switch
                      name={key}
                      checked={settings[key]}
                      onChange={(event) => void change(key, event.target.checked)}
                      // What the switch does is read with it, not only seen under it.
                      slotProps={{ input: { 'aria-describedby': `${key}-hint` } }}
                    />
                  }
                  label={label}
                />
                <Typography id={`${key}-hint`} variant="body2" color="textSecondary" sx={{ ml: 6 }}>
                  {hint}
                </Typography>
              </Stack>
            ))}
          </Stack>
        ))}
      <Divider />
      <Stack spacing={1} sx={{ alignItems: 'flex-start' }}>
        <Typography variant="h6" component="h2">
          Security
        </Typography>
        <Button
          variant="outlined"
          startIcon={<LockIcon />}
          onClick={() => setChangingPassword(true)}
        >
          Change Password
        </Button>
      </Stack>
      <ChangePasswordDialog open={changingPassword} onClose={() => setChangingPassword(false)} />
    </Stack>
  );
}
