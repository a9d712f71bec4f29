import { useState } from 'react';
import { useMachine } from '@xstate/react';
import { fromPromise } from 'xstate';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { readStored } from '../../../app/session/storage.ts';
import { resendEmail, verificationToken } from '../api/accountsApi.ts';
import { resendEmailMachine } from '../machines/resendEmail.machine.ts';
import { busyProps } from '../../../components/busyProps.ts';

const machine = resendEmailMachine.provide({
  actors: {
    resendEmail: fromPromise(async () => {
      const username = readStored('username');
      if (!username) throw new Error('no username stored');
      await resendEmail(username);
    }),
  },
});

type Notice = { severity: 'success' | 'error'; text: string };

/**
 * Whether this browser may ask for the verification email again: the call needs the account's
 * name and its validation token or a login (docs/api/accounts.md).
 */
export const canResendEmail = (): boolean =>
  readStored('username') !== null && verificationToken() !== null;

/**
 * Verify Your Email (section 2): the email must be verified before the phone. Verify Email goes
 * on once the link was followed ('Your email is not validated.' in `verifyNotice` if it was not);
 * Resend Email sends it again, with the 5-second countdown. An email verified meanwhile is said
 * in the server's words, with Continue (`onContinue`, else `onVerify`).
 */
export function EmailVerifyPanel({
  onVerify,
  onContinue = onVerify,
  verifyNotice = null,
  heading = 'h1',
}: {
  onVerify: () => void;
  onContinue?: () => void;
  /** What the last Verify Email found. */
  verifyNotice?: Notice | null;
  /** h1 on its own page; h2 inside the Verify Mobile Number screen. */
  heading?: 'h1' | 'h2';
}) {
  const [snapshot, send] = useMachine(machine);
  const { notice, cooldown } = snapshot.context;
  const sending = snapshot.matches({ flow: 'sending' });
  const resendBusy = cooldown > 0 || sending;
  const limitReached = snapshot.matches({ flow: 'limitReached' });
  // Only the answer to the button pressed last is shown: 'not validated' from an earlier Verify
  // Email does not stay above 'Email sent successfully.'.
  const [pressedLast, setPressedLast] = useState<'verify' | 'resend' | null>(null);
  const alreadyVerified = snapshot.matches({ flow: 'alreadyVerified' });
  return (
    <Stack spacing={2} data-testid="verify-email-panel">
      <Typography variant={heading === 'h1' ? 'h5' : 'h6'} component={heading}>
        Verify Your Email
      </Typography>
      {alreadyVerified ? (
        <>
          {notice && <Alert severity={notice.severity}>{notice.text}</Alert>}
          <Button variant="contained" onClick={onContinue} sx={{ alignSelf: 'flex-start' }}>
            Continue
          </Button>
        </>
      ) : (
        <>
          <Typography>
            Your email is not verified yet. Open the link in the email we sent you, then press
            Verify Email.
          </Typography>
          {verifyNotice && pressedLast !== 'resend' && (
            <Alert severity={verifyNotice.severity}>{verifyNotice.text}</Alert>
          )}
          {notice && pressedLast === 'resend' && (
            <Alert severity={notice.severity}>{notice.text}</Alert>
          )}
          <Stack direction="row" spacing={2}>
            <Button
              variant="contained"
              onClick={() => {
                setPressedLast('verify');
                onVerify();
              }}
            >
              Verify Email
            </Button>
            <Button
              variant="outlined"
              // Waiting out its countdown it keeps the focus (busyProps), ignoring presses; the
              // day's resends spent, it is disabled (the notice says why).
              onClick={() => {
                if (resendBusy) return;
                setPressedLast('resend');
                send({ type: 'RESEND' });
              }}
              disabled={limitReached}
              {...busyProps(resendBusy)}
            >
              {cooldown > 0 ? `Resend Email (${cooldown})` : 'Resend Email'}
            </Button>
          </Stack>
        </>
      )}
    </Stack>
  );
}
