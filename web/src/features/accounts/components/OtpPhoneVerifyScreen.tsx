import { useEffect, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { Navigate, Link as RouterLink, useLocation, useSearchParams } from 'react-router-dom';
import { useMachine } from '@xstate/react';
import { fromPromise } from 'xstate';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { otpTyped } from '../../../lib/numberInput.ts';
import { LIMITS } from '@boli/engine/shared/limits';
import { MESSAGES } from '@boli/engine/shared/messages';
import { CenteredSpinner } from '../../../components/CenteredSpinner.tsx';
import { parseSessionUser } from '../../../app/session/sessionUser.ts';
import { useSession } from '../../../app/session/sessionContext.ts';
import { readStored, removeStored, writeStored } from '../../../app/session/storage.ts';
import { countOf } from '../../../lib/format.ts';
import { focusIsLost } from '../../../lib/focusLost.ts';
import { keepNoticeOverReload } from '../../../lib/noticeOverReload.ts';
import { sendOtp, verificationToken, verifyOtp } from '../api/accountsApi.ts';
import { attemptsWarning, otpMachine, type OtpLogin } from '../machines/otp.machine.ts';
import { ChangePhoneForm } from './ChangePhoneForm.tsx';
import {
  lastOtpSendKey,
  parseLastOtpSend,
  readLastOtpSend,
  writeLastOtpSend,
} from '../model/lastOtpSend.ts';
import { EMAIL_FIRST, EMAIL_VERIFIED_NOW, numberChangedText } from '../model/verifySteps.ts';
import { EmailVerifyPanel } from './EmailVerifyPanel.tsx';
import { busyProps } from '../../../components/busyProps.ts';
import {
  loginPath,
  otpLoginPath,
  SIGN_IN_PARAM,
  SIGN_IN_TITLE,
  signUpPath,
  takeReturnAfterVerify,
} from '../model/returnAfterVerify.ts';
import { WayIn } from './WayIn.tsx';
import { safeRedirectTarget } from '../../../app/guards/access.ts';

const machine = otpMachine.provide({
  actors: {
    sendOtp: fromPromise(({ input }) => sendOtp(input)),
    verifyOtp: fromPromise(({ input }) => verifyOtp(input)),
  },
});

/** Sign in with OTP: the same screen, its calls made with no token (accountsApi.ts). */
const signInMachine = otpMachine.provide({
  actors: {
    sendOtp: fromPromise(({ input }) => sendOtp({ ...input, signIn: true })),
    verifyOtp: fromPromise(({ input }) => verifyOtp({ ...input, signIn: true })),
  },
});

/** How long 'Phone verified successfully.' stays before the page reloads with full access. */
const RELOAD_AFTER_MS = 1200;

const TITLE = 'Verify Mobile Number';
/** The code's refusal, which the code's field names. */
const OTP_NOTICE_ID = 'otp-notice';
const FRAME = { maxWidth: 560, mx: 'auto', width: '100%' } as const;

/** Verify Mobile Number's heading above `children`: the frame of every state but the code form. */
function VerifyMobileFrame({ children }: { children: ReactNode }) {
  return (
    <Stack spacing={2} sx={FRAME}>
      <Typography variant="h5" component="h1">
        {TITLE}
      </Typography>
      {children}
    </Stack>
  );
}

/**
 * What the page that sent the member here knows: Register, that the email is not verified yet;
 * the email's link, that it just was (the session's member may have been read before it was).
 */
export type OtpScreenState = { emailUnverified?: boolean; emailVerified?: boolean };

/**
 * Login with OTP's other ways in, on to the same page: another username (what was typed kept, to
 * mend), the password, and — for a name of nobody — signing up.
 */
function OtherWaysIn({
  redirect,
  username,
  signUp = false,
}: {
  redirect: string | null;
  username: string;
  signUp?: boolean;
}) {
  return (
    <Stack direction="row" spacing={2} sx={{ flexWrap: 'wrap' }}>
      <WayIn to={otpLoginPath(redirect, username)}>Use another username</WayIn>
      <WayIn to={loginPath(redirect, username)}>Login with password</WayIn>
      {signUp && <WayIn to={signUpPath(redirect)}>Sign up</WayIn>}
    </Stack>
  );
}

function storeLogin(login: OtpLogin) {
  writeStored('jwt', login.token);
  if (login.refreshToken) writeStored('refreshToken', login.refreshToken);
  const user = parseSessionUser(login.userDetail);
  if (user) {
    writeStored('userId', user._id);
    writeStored('username', user.username);
  }
  removeStored('validationJWT');
}

function triesText(triesLeft: number | null): string | null {
  if (triesLeft === null) return null;
  if (triesLeft === 0) return MESSAGES.dailyLimitReached;
  // The sends left (a wrong code costs none): said apart from Resend's countdown in seconds.
  return `${countOf(triesLeft, 'more code', 'more codes')} can be sent today.`;
}

function OtpEntry({
  username,
  member,
  emailUnverified,
  signIn = null,
}: {
  username: string;
  member: boolean;
  emailUnverified: boolean;
  /** Signing in with a code rather than verifying the phone: where to go after. */
  signIn?: { redirect: string | null } | null;
}) {
  const [snapshot, send] = useMachine(signIn ? signInMachine : machine, {
    input: { username, lastSend: readLastOtpSend(username), emailUnverified, signIn: !!signIn },
  });
  const [otp, setOtp] = useState('');
  /** The number was changed here: the server's word for it. */
  const [changed, setChanged] = useState<string | null>(null);
  const { notice, triesLeft, attemptsLeft, cooldown, login, lastSend, sentTo, checkingPaused } =
    snapshot.context;
  // A send was refused, and no code this screen knows of is standing.
  const nothingSent = lastSend === null && sentTo === null && notice?.severity === 'error';
  // The values, not the prop's object (new on each render), keep the reload's timer set once.
  const signingIn = signIn !== null;
  const redirect = signIn?.redirect ?? null;
  const flow = (snapshot.value as { flow: string }).flow;
  const otpInput = useRef<HTMLInputElement>(null);
  // A code refused: the busy Submit let go of the focus, which goes back to the code.
  const refusedCode = flow === 'waiting' && notice?.severity === 'error';
  useEffect(() => {
    if (!refusedCode) return;
    otpInput.current?.focus();
    otpInput.current?.select();
  }, [refusedCode, notice]);
  const resendBusy = cooldown > 0 || flow !== 'waiting';
  // Verify Email went away with the keyboard on it, and the code's field came instead: the
  // keyboard goes there, not back to the page's start.
  const lastFlow = useRef(flow);
  useEffect(() => {
    const was = lastFlow.current;
    lastFlow.current = flow;
    if (was === 'emailNotVerified' && flow !== 'emailNotVerified' && focusIsLost()) {
      otpInput.current?.focus();
    }
  }, [flow]);

  // Reloads and other tabs read it: no new code while this one is valid.
  useEffect(() => writeLastOtpSend(username, lastSend), [username, lastSend]);

  // The email link followed in another tab, which sent the code: on to entering it here too.
  const waitingForEmail = flow === 'emailNotVerified';
  useEffect(() => {
    if (!waitingForEmail) return;
    const onStorage = (event: StorageEvent) => {
      if (event.key !== lastOtpSendKey(username)) return;
      const sent = parseLastOtpSend(event.newValue);
      if (sent) send({ type: 'SENT_ELSEWHERE', lastSend: sent });
    };
    window.addEventListener('storage', onStorage);
    return () => window.removeEventListener('storage', onStorage);
  }, [waitingForEmail, username, send]);

  // 'Phone verified successfully.': shown again by the page the reload brings, not lost with it.
  const verifiedText = login && notice?.severity === 'success' ? notice.text : null;
  useEffect(() => {
    if (!login) return;
    storeLogin(login);
    // Section 4: after a successful OTP the page reloads — now with full access — on the page the
    // member set out from, if they came from one (returnAfterVerify.ts), else home. Signed in
    // with a code, on to the page Login was asked to return to.
    const target = signingIn ? safeRedirectTarget(redirect) : takeReturnAfterVerify();
    const timer = window.setTimeout(() => {
      if (verifiedText !== null) keepNoticeOverReload(verifiedText);
      window.location.assign(target);
    }, RELOAD_AFTER_MS);
    return () => window.clearTimeout(timer);
  }, [login, signingIn, redirect, verifiedText]);

  if (flow === 'emailNotVerified') {
    return (
      <VerifyMobileFrame>
        <Typography>{EMAIL_FIRST}</Typography>
        <EmailVerifyPanel
          heading="h2"
          onVerify={() => send({ type: 'RETRY' })}
          verifyNotice={notice}
        />
      </VerifyMobileFrame>
    );
  }

  if (flow === 'signInRefused' && signIn) {
    return (
      <Stack spacing={2} sx={FRAME}>
        <Typography variant="h5" component="h1">
          {SIGN_IN_TITLE}
        </Typography>
        {notice && (
          <Alert severity={notice.severity} role="alert">
            {notice.text}
          </Alert>
        )}
        <OtherWaysIn
          redirect={signIn.redirect}
          username={username}
          signUp={notice?.text === MESSAGES.noAccountSignupFirst}
        />
      </Stack>
    );
  }

  if (flow === 'phoneAlreadyVerified') {
    return (
      <VerifyMobileFrame>
        {notice && <Alert severity={notice.severity}>{notice.text}</Alert>}
        {member ? (
          // A full load: the session learns the verified phone and opens every page.
          <Button href="/" variant="contained" sx={{ alignSelf: 'flex-start' }}>
            Continue
          </Button>
        ) : (
          <Button
            component={RouterLink}
            to="/login"
            variant="contained"
            sx={{ alignSelf: 'flex-start' }}
          >
            Login
          </Button>
        )}
      </VerifyMobileFrame>
    );
  }

  const submit = (event: FormEvent) => {
    event.preventDefault();
    send({ type: 'VERIFY', otp });
  };
  const tries = triesText(triesLeft);

  return (
    <Stack spacing={2} sx={FRAME}>
      <Stack spacing={2} component="form" noValidate onSubmit={submit}>
        <Typography variant="h5" component="h1">
          {signIn ? SIGN_IN_TITLE : TITLE}
        </Typography>
        <Typography color="textSecondary">
          {/* The number itself, where it is known: a mistyped one is seen, and changed below. */}
          {nothingSent ? (
            // The send was refused (the day's limit): no code is claimed to be on its way.
            `No code was sent just now. A code sent in the last ${LIMITS.otp.validMinutes} minutes still works, if you have one.`
          ) : sentTo ? (
            <>
              Enter the {LIMITS.otp.digits}-digit code we sent by SMS to{' '}
              <strong data-testid="otp-sent-to">{sentTo}</strong>.
            </>
          ) : changed ? (
            // Changed with no code sent to it yet (Resend's countdown, the day's limit).
            `Enter the ${LIMITS.otp.digits}-digit code we send by SMS to your new number.`
          ) : (
            <>
              Enter the {LIMITS.otp.digits}-digit code we sent by SMS to the mobile number of{' '}
              <strong>{username}</strong>.
            </>
          )}
        </Typography>
        {notice && (
          <Alert severity={notice.severity} role="alert" id={OTP_NOTICE_ID}>
            {notice.text}
            {notice.severity === 'error' && attemptsWarning(attemptsLeft) && (
              <Box data-testid="otp-attempts-left">{attemptsWarning(attemptsLeft)}</Box>
            )}
          </Alert>
        )}
        <TextField
          label="OTP number"
          name="otp"
          autoComplete="one-time-code"
          value={otp}
          inputRef={otpInput}
          // No maxLength: it would cut a pasted '014 121' before its space is dropped.
          onChange={(event) => setOtp(otpTyped(event.target.value))}
          // A refused code marks the field, which names the refusal (not a refused send).
          error={refusedCode && !nothingSent}
          slotProps={{
            htmlInput: {
              inputMode: 'numeric',
              ...(refusedCode && !nothingSent ? { 'aria-describedby': OTP_NOTICE_ID } : {}),
            },
          }}
          disabled={flow === 'verified'}
        />
        {tries && (
          <Typography variant="body2" data-testid="otp-tries-left" color="textSecondary">
            {tries}
          </Typography>
        )}
        <Stack direction="row" spacing={2}>
          <Button
            variant="outlined"
            // Waiting out its countdown it keeps the focus (busyProps), ignoring presses.
            onClick={() => resendBusy || send({ type: 'RESEND' })}
            disabled={triesLeft === 0 || checkingPaused}
            {...busyProps(resendBusy)}
          >
            {/* With no send left today there is nothing to count down to. */}
            {cooldown > 0 && triesLeft !== 0 ? `Resend OTP in ${cooldown} s` : 'Resend OTP'}
          </Button>
          <Button
            type="submit"
            variant="contained"
            // A code is all its digits: a short one would only spend one of its tries.
            disabled={otp.length !== LIMITS.otp.digits || flow !== 'waiting' || checkingPaused}
            loading={flow === 'verifying'}
          >
            Submit
          </Button>
        </Stack>
      </Stack>
      {signIn ? (
        // A verified number is changed in the profile, signed in; here, other ways in.
        <OtherWaysIn redirect={signIn.redirect} username={username} />
      ) : (
        <>
          {/* Outside the code's form (forms do not nest): a number mistyped at sign-up. */}
          {changed && (
            <Alert severity="success" role="status">
              {changed}
            </Alert>
          )}
          <ChangePhoneForm
            username={username}
            onChanged={() => {
              setChanged(numberChangedText(triesLeft, cooldown));
              // The code sent to the old number is void: one goes to the new number, unless
              // Resend's countdown or the day's limit holds it.
              send({ type: 'NUMBER_CHANGED' });
            }}
          />
        </>
      )}
    </Stack>
  );
}

/**
 * Verify Mobile Number (/otp-phone-verify, and in place of any page for a logged-in member whose
 * mobile is not validated): the OTP goes out as the screen opens, unless the last one is still
 * valid. A member whose phone is verified has nothing to do here and goes to /.
 */
export function OtpPhoneVerifyScreen() {
  const { status, user } = useSession();
  const location = useLocation();
  const [params] = useSearchParams();
  const signInAs = params.get(SIGN_IN_PARAM)?.trim();
  const redirect = params.get('redirect');
  // Nothing is sent before the stored login is known: it may be a verified member's.
  if (status === 'loading') return <CenteredSpinner label="Checking your login" />;
  if (user?.mobileValidated) {
    return <Navigate to={signInAs ? safeRedirectTarget(redirect) : '/'} replace />;
  }
  // Login with OTP (section 1), by a visitor not signed in.
  if (signInAs && status !== 'member') {
    return (
      <OtpEntry
        key={`signIn:${signInAs}`}
        username={signInAs}
        member={false}
        emailUnverified={false}
        signIn={{ redirect }}
      />
    );
  }
  const username = user?.username ?? readStored('username');
  if (!username) {
    return (
      <VerifyMobileFrame>
        <Typography>Tell us your username first, and we will send you the code.</Typography>
        <Button component={RouterLink} to="/otp-phone" variant="contained">
          Send OTP
        </Button>
      </VerifyMobileFrame>
    );
  }
  // Its email link just verified the email (here, perhaps on another device than the sign-up's).
  const sentWith = location.state as OtpScreenState | null;
  if (!verificationToken()) {
    // The OTP calls need the sign-up's validation token or a login (docs/api/accounts.md).
    return (
      <VerifyMobileFrame>
        {sentWith?.emailVerified === true && <Alert severity="success">{EMAIL_VERIFIED_NOW}</Alert>}
        <Typography>Please login to verify the mobile number of {username}.</Typography>
        <Button component={RouterLink} to="/login" variant="contained">
          Login
        </Button>
      </VerifyMobileFrame>
    );
  }
  // A sign-up just made (Register says so) or a login that says so: the email is not verified;
  // unless its link has just verified it.
  const emailUnverified =
    sentWith?.emailVerified !== true &&
    (sentWith?.emailUnverified === true || user?.emailValidated === false);
  return (
    <OtpEntry
      key={username}
      username={username}
      member={status === 'member'}
      emailUnverified={emailUnverified}
    />
  );
}
