import { useCallback, useEffect, useRef, useState, type ChangeEvent } from 'react';
import { Link as RouterLink, useNavigate } from 'react-router-dom';
import { useMachine } from '@xstate/react';
import { focusWhenDialogLeft } from '../../../lib/focusLost.ts';
import { fromPromise } from 'xstate';
import { useSnackbar } from 'notistack';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import IconButton from '@mui/material/IconButton';
import Link from '@mui/material/Link';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import RefreshIcon from '@mui/icons-material/Refresh';
import { GENDERS } from '@boli/engine/shared/limits';
import { MESSAGES } from '@boli/engine/shared/messages';
import { fetchCountries, type Country } from '../../../app/api/reference.ts';
import { writeStored } from '../../../app/session/storage.ts';
import { numberFieldRead } from '@boli/engine/shared/digits';
import { fieldErrorProps } from '../../../lib/fieldErrors.ts';
import { formatDate } from '../../../lib/format.ts';
import { PhoneNumberFields } from '../../../components/PhoneNumberFields.tsx';
import { FormRefusalAlert } from '../../../components/FormRefusalAlert.tsx';
import { AuthPageAd } from '../../adspace/components/AuthPageAd.tsx';
import { checkCaptcha, fetchCaptcha, signup, type Captcha } from '../api/accountsApi.ts';
import {
  EMPTY_SIGNUP,
  signupMachine,
  type RegisterField,
  type SignupValues,
} from '../machines/signup.machine.ts';
import { PasswordField } from '../../../components/PasswordField.tsx';
import { useCloseOnBack } from '../../../lib/useCloseOnBack.ts';
import { useSteadyClose } from '../../../lib/useSteadyClose.ts';
import { keepReturnAfterVerify, loginPath } from '../model/returnAfterVerify.ts';
import { tooLongAsTyped } from '../model/registerLengths.ts';
import {
  clearRegisterDraft,
  readRegisterDraft,
  saveRegisterDraft,
} from '../model/registerDraft.ts';
import { VISUALLY_HIDDEN } from '../../../components/Announcer.tsx';
import type { OtpScreenState } from './OtpPhoneVerifyScreen.tsx';
import { TAP_TARGET } from '../../../components/tapTarget.ts';
import { serverDate } from '../../../lib/serverClock.ts';

const machine = signupMachine.provide({
  actors: {
    signup: fromPromise(({ input }) => signup(input)),
    checkCaptcha: fromPromise(({ input }) => checkCaptcha(input)),
  },
});

function useCaptcha() {
  const [captcha, setCaptcha] = useState<Captcha | null>(null);
  const [failed, setFailed] = useState(false);
  // The question asked again is not shown meanwhile: an answer to it would be a wrong answer to the
  // next one.
  const reload = useCallback(() => {
    setFailed(false);
    setCaptcha(null);
    fetchCaptcha().then(setCaptcha, () => setFailed(true));
  }, []);
  useEffect(reload, [reload]);
  return { captcha, failed, reload };
}

/** The captcha's question, which describes its answer field. */
const CAPTCHA_QUESTION_ID = 'captcha-question';
/** Why Sign up is not offered yet, which describes it. */
const SIGN_UP_HINT_ID = 'sign-up-hint';
/** The terms box's refusal, which the box is described by. */
const TERMS_ERROR_ID = 'terms-error';
const SIGN_UP_HINT = 'Answer the captcha above to sign up.';

/** Register (sections 2, 4, 5): the form, the confirm dialog, then /otp-phone-verify. */
export function RegisterScreen() {
  // What was typed outlives a reload, or a look at Login and Back (model/registerDraft.ts): the
  // profile only, never the passwords or the captcha.
  const [values, setValues] = useState<SignupValues>(() => readRegisterDraft(EMPTY_SIGNUP));
  useEffect(() => saveRegisterDraft(values), [values]);
  const [countries, setCountries] = useState<Country[]>([]);
  const { captcha, failed: captchaFailed, reload: reloadCaptcha } = useCaptcha();
  const [snapshot, send] = useMachine(machine, { input: { now: serverDate } });
  const navigate = useNavigate();
  const { enqueueSnackbar } = useSnackbar();
  const { fieldErrors, formError, refusals, result } = snapshot.context;

  useEffect(() => {
    fetchCountries().then(setCountries, () => setCountries([]));
  }, []);

  // A refused sign-up has used up its captcha: its question goes with the refusal (not a render
  // later, when the new one is asked), and a new one is asked.
  const failedNow = snapshot.matches('failed');
  const spentCaptchaId = failedNow ? snapshot.context.values?.captchaId : undefined;
  const shownCaptcha = captcha && captcha.captchaId !== spentCaptchaId ? captcha : null;
  useEffect(() => {
    if (failedNow) reloadCaptcha();
  }, [failedNow, reloadCaptcha]);
  // An answer is to the question shown: another question, or none, clears it.
  const shownCaptchaId = shownCaptcha?.captchaId;
  useEffect(() => {
    setValues((v) => (v.captchaAnswer === '' ? v : { ...v, captchaAnswer: '' }));
  }, [shownCaptchaId]);

  useEffect(() => {
    if (!result) return;
    clearRegisterDraft();
    writeStored('validationJWT', result.validationJWT);
    writeStored('userId', result.userId);
    writeStored('username', result.username);
    // Set out from a page (Login's ?redirect=): back to it once the phone is verified.
    keepReturnAfterVerify(new URLSearchParams(window.location.search).get('redirect'));
    enqueueSnackbar(MESSAGES.emailSent, { variant: 'success' });
    const state: OtpScreenState = { emailUnverified: true };
    navigate('/otp-phone-verify', { replace: true, state });
  }, [result, navigate, enqueueSnackbar]);

  const set = (field: RegisterField | 'phoneCode', value: string | boolean) => {
    setValues((v) => ({ ...v, [field]: value }));
    if (field !== 'phoneCode') send({ type: 'FIELD.EDITED', field });
  };
  // A field typed past its most letters says so at once (model/registerLengths.ts).
  const tooLong = tooLongAsTyped(values, serverDate());
  const bind = (field: RegisterField) => ({
    name: field,
    value: values[field] as string,
    onChange: (event: ChangeEvent<HTMLInputElement>) =>
      set(field, numberFieldRead(field, event.target.value)),
    ...fieldErrorProps(fieldErrors[field] ?? tooLong[field]),
  });

  const chooseCountry = (name: string) => {
    const country = countries.find((c) => c.name === name);
    set('country', name);
    if (country?.dialCode) set('phoneCode', country.dialCode);
  };

  const submit = () => {
    send({
      type: 'SUBMIT',
      values: { ...values, captchaId: shownCaptcha?.captchaId ?? '' },
    });
  };

  const submitting = snapshot.matches('submitting');
  const captchaUnanswered = values.captchaAnswer.trim() === '';
  const countryNames = countries.length > 0 ? countries.map((c) => c.name) : [values.country];

  const confirming = snapshot.matches('confirming') || submitting;
  // A double tap on Sign up must not close the dialog its first tap opened.
  const closeConfirm = useSteadyClose(confirming, () => send({ type: 'BACK' }));
  // On a phone the dialog looks like a page: Back closes it, and keeps the form as typed. Signed
  // up, its history entry is the one the OTP screen replaces (so none is left to go back to).
  useCloseOnBack(confirming || snapshot.matches('done'), () => send({ type: 'BACK' }));
  // Back from the dialog puts the keyboard on Sign up again, not the page's top: the dialog
  // cannot give it back itself, as Sign up was busy (checking the captcha) when it opened.
  const signUp = useRef<HTMLButtonElement>(null);

  return (
    <Stack
      spacing={2}
      sx={{ maxWidth: 560, mx: 'auto', width: '100%' }}
      component="form"
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        if (values.captchaAnswer.trim() !== '') submit();
      }}
    >
      <Typography variant="h5" component="h1">
        Register
      </Typography>
      {formError && <FormRefusalAlert refusal={refusals}>{formError}</FormRefusalAlert>}
      <TextField label="Email" type="email" autoComplete="email" required {...bind('email')} />
      <TextField label="Username" autoComplete="username" required {...bind('username')} />
      <PasswordField label="Password" autoComplete="new-password" required {...bind('password')} />
      <PasswordField
        label="Confirm password"
        autoComplete="new-password"
        required
        {...bind('confirmPassword')}
      />
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
        <TextField
          label="First name"
          autoComplete="given-name"
          fullWidth
          required
          {...bind('firstname')}
        />
        <TextField
          label="Last name"
          autoComplete="family-name"
          fullWidth
          required
          {...bind('lastname')}
        />
      </Stack>
      <TextField
        select
        label="Country"
        autoComplete="country-name"
        required
        {...bind('country')}
        onChange={(event) => chooseCountry(event.target.value)}
      >
        {countryNames.map((name) => (
          <MenuItem key={name} value={name}>
            {name}
          </MenuItem>
        ))}
      </TextField>
      <PhoneNumberFields
        phoneCode={values.phoneCode}
        onPhoneCode={(code) => set('phoneCode', code)}
        phone={values.phone}
        onPhone={(phone) => set('phone', phone)}
        phoneProps={bind('phone')}
      />
      <TextField
        label="Bid alias"
        required
        {...bind('bidAlias')}
        helperText={
          fieldErrors.bidAlias?.join(' · ') ??
          'The name others see on your bids; no 3 characters in a row from your username.'
        }
      />
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
        <TextField select label="Gender" fullWidth required {...bind('gender')}>
          {GENDERS.map((gender) => (
            <MenuItem key={gender} value={gender}>
              {gender}
            </MenuItem>
          ))}
        </TextField>
        <TextField
          label="Date of birth"
          type="date"
          autoComplete="bday"
          fullWidth
          required
          {...bind('dob')}
          slotProps={{ inputLabel: { shrink: true } }}
        />
      </Stack>
      <Box>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
          <Typography
            id={CAPTCHA_QUESTION_ID}
            data-testid="captcha-question"
            sx={{ fontWeight: 600 }}
          >
            {shownCaptcha?.question ?? (captchaFailed ? MESSAGES.generic : 'Loading the question…')}
          </Typography>
          <IconButton aria-label="New question" onClick={reloadCaptcha} size="small">
            <RefreshIcon fontSize="small" />
          </IconButton>
        </Stack>
        <TextField
          label="Answer"
          size="small"
          required
          {...bind('captchaAnswer')}
          // The question is read with the field: a screen reader tabbing to it hears what to answer.
          slotProps={{
            htmlInput: {
              inputMode: 'numeric',
              // Nothing to answer till the question is in; read-only keeps the keyboard here.
              readOnly: !shownCaptcha,
              'aria-label': 'Captcha answer',
              'aria-describedby': CAPTCHA_QUESTION_ID,
            },
          }}
        />
      </Box>
      <Box>
        <FormControlLabel
          control={
            <Checkbox
              name="termsOfServicesCheckBox"
              checked={values.termsOfServicesCheckBox}
              onChange={(event) => set('termsOfServicesCheckBox', event.target.checked)}
              slotProps={{
                input: {
                  'aria-invalid': Boolean(fieldErrors.termsOfServicesCheckBox),
                  'aria-describedby': fieldErrors.termsOfServicesCheckBox
                    ? TERMS_ERROR_ID
                    : undefined,
                  // Named without its label's link, whose "(opens in a new tab)" is not the box's.
                  'aria-label': 'I agree to the terms and conditions',
                },
              }}
            />
          }
          label={
            <>
              I agree to the{' '}
              <Link component={RouterLink} to="/tc" target="_blank">
                terms and conditions
                <Box component="span" sx={VISUALLY_HIDDEN}>
                  {' '}
                  (opens in a new tab)
                </Box>
              </Link>
            </>
          }
        />
        {fieldErrors.termsOfServicesCheckBox && (
          <FormHelperText error id={TERMS_ERROR_ID}>
            {fieldErrors.termsOfServicesCheckBox.join(' · ')}
          </FormHelperText>
        )}
      </Box>
      {/* Section 5: the captcha enables Sign up. Said while it does not, since a disabled button
          is passed over by Tab and would otherwise leave a screen reader without a way on. */}
      {captchaUnanswered && (
        <Typography variant="body2" color="textSecondary" id={SIGN_UP_HINT_ID}>
          {SIGN_UP_HINT}
        </Typography>
      )}
      <Button
        variant="contained"
        size="large"
        type="submit"
        disabled={captchaUnanswered || submitting}
        loading={snapshot.matches('checkingCaptcha')}
        ref={signUp}
        aria-describedby={captchaUnanswered ? SIGN_UP_HINT_ID : undefined}
      >
        Sign up
      </Button>
      <Typography variant="body2">
        Already have an account?{' '}
        {/* Back to Login with where the member set out for, as Login's Sign up came. */}
        <Link
          component={RouterLink}
          to={loginPath(new URLSearchParams(window.location.search).get('redirect'))}
          sx={TAP_TARGET}
        >
          Login
        </Link>
      </Typography>
      <Dialog
        open={confirming}
        onClose={closeConfirm}
        aria-labelledby="confirm-details-title"
        slotProps={{ transition: { onExited: () => focusWhenDialogLeft(() => signUp.current) } }}
      >
        <DialogTitle id="confirm-details-title">Confirm your details</DialogTitle>
        <DialogContent>
          <Alert severity="warning" sx={{ mb: 2 }}>
            {MESSAGES.confirmDetailsWarning}
          </Alert>
          <Typography>
            <strong>Gender:</strong> {snapshot.context.values?.gender}
          </Typography>
          <Typography>
            <strong>DOB:</strong> {formatDate(snapshot.context.values?.dob ?? '')}
          </Typography>
          <Typography>
            <strong>EMail:</strong> {snapshot.context.values?.email}
          </Typography>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => send({ type: 'BACK' })} disabled={submitting}>
            Back
          </Button>
          <Button
            variant="contained"
            onClick={() => send({ type: 'CONFIRM' })}
            loading={submitting}
          >
            Confirm
          </Button>
        </DialogActions>
      </Dialog>
      <AuthPageAd />
    </Stack>
  );
}
