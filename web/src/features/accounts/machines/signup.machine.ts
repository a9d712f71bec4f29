import { assign, fromPromise, setup } from 'xstate';
import { MESSAGES } from '@boli/engine/shared/messages';
import { hasErrors, validateSignup, type FieldErrors } from '@boli/engine/accounts/account.rules';
import { ApiError } from '../../../app/api/client.ts';

/** The register form as typed. dob is the date input's YYYY-MM-DD. */
export type SignupValues = {
  email: string;
  username: string;
  password: string;
  confirmPassword: string;
  firstname: string;
  lastname: string;
  phone: string;
  phoneCode: string;
  country: string;
  bidAlias: string;
  gender: string;
  dob: string;
  termsOfServicesCheckBox: boolean;
  captchaId: string;
  captchaAnswer: string;
};

/** The Register form as it opens: a member in India, nothing typed. */
export const EMPTY_SIGNUP: SignupValues = {
  email: '',
  username: '',
  password: '',
  confirmPassword: '',
  firstname: '',
  lastname: '',
  phone: '',
  phoneCode: '+91',
  country: 'India',
  bidAlias: '',
  gender: '',
  dob: '',
  termsOfServicesCheckBox: false,
  captchaId: '',
  captchaAnswer: '',
};

/** The fields the main form shows (the older variant's address fields are not asked). */
export type RegisterField = Exclude<keyof SignupValues, 'phoneCode' | 'captchaId'>;

/** What a sign-up answers: the new account and its token for the email and OTP steps. */
export type SignupResult = { userId: string; username: string; validationJWT: string };

type Context = {
  values: SignupValues | null;
  fieldErrors: FieldErrors<RegisterField>;
  /** The message above the form: 'Please provide valid details in the form.' or the server's. */
  formError: string | null;
  /** How many times the form was refused: each new refusal takes the focus to what it marked. */
  refusals: number;
  result: SignupResult | null;
  now: () => Date;
};

type Event =
  | { type: 'SUBMIT'; values: SignupValues }
  | { type: 'FIELD.EDITED'; field: RegisterField }
  | { type: 'BACK' }
  | { type: 'CONFIRM' };

const REGISTER_FIELDS: readonly string[] = [
  'firstname',
  'lastname',
  'email',
  'username',
  'bidAlias',
  'password',
  'confirmPassword',
  'gender',
  'dob',
  'phone',
  'country',
  'termsOfServicesCheckBox',
  'captchaAnswer',
];

/** The same rules as the server (account.rules.ts), and a captcha answer. */
export function validateRegister(values: SignupValues, now: Date): FieldErrors<RegisterField> {
  // The main form's variant checks none of the older variant's address fields.
  const errors = { ...validateSignup(values, { now }) } as FieldErrors<RegisterField>;
  if (values.captchaAnswer.trim() === '') errors.captchaAnswer = [MESSAGES.cannotBeBlank];
  return errors;
}

/** The server's field errors next to the register form's fields; the others, in order. */
function placeFieldErrors(errors: readonly { field?: string; message: string }[]) {
  const fieldErrors: Record<string, string[]> = {};
  const unplaced: string[] = [];
  for (const { field, message } of errors) {
    if (field && REGISTER_FIELDS.includes(field))
      fieldErrors[field] = [...(fieldErrors[field] ?? []), message];
    else unplaced.push(message);
  }
  return { fieldErrors: fieldErrors as FieldErrors<RegisterField>, unplaced };
}

/**
 * A refused sign-up as the form shows it (section 8): the account exists ('Already signed up.',
 * 'This email already exists.', 'This phone number already exists.') above the form, with the
 * field(s) the answer names marked; or the server's field errors next to their fields, and its
 * message.
 */
export function signupFailure(error: unknown): Pick<Context, 'fieldErrors' | 'formError'> {
  if (!(error instanceof ApiError)) return { fieldErrors: {}, formError: MESSAGES.generic };
  const { body } = error;
  const { fieldErrors, unplaced } = placeFieldErrors(error.errors);
  const taken = (field: RegisterField, message: string) => ({
    fieldErrors: { ...fieldErrors, [field]: fieldErrors[field] ?? [message] },
    formError: message,
  });
  if (body.isEmailExist === true) return taken('email', MESSAGES.emailExists);
  if (body.isMobileExist === true) return taken('phone', MESSAGES.phoneExists);
  if (body.existingUser === true || error.code === 'USER_ALREADY_EXISTS')
    return { fieldErrors, formError: MESSAGES.alreadySignedUp };
  return { fieldErrors, formError: unplaced[0] ?? error.message };
}

const withoutField = (
  errors: FieldErrors<RegisterField>,
  field: RegisterField,
): FieldErrors<RegisterField> => {
  const rest = { ...errors };
  delete rest[field];
  return rest;
};

const submitTransitions = [
  { guard: 'validForm', target: 'checkingCaptcha', actions: 'keepValues' },
  { target: 'editing', actions: 'showErrors' },
] as const;

/**
 * Register (sections 2, 4, 5): the form is checked with the server's own rules, and its captcha
 * answer with the server (a wrong one is refused before the dialog, not after it); then the
 * confirm dialog opens (Back / Confirm, naming Gender, DOB and EMail); Confirm signs up.
 * A refusal comes back to the form as `failed` — its captcha was used up, so the screen asks a
 * new one — and `done` holds the new account.
 */
export const signupMachine = setup({
  types: {
    context: {} as Context,
    events: {} as Event,
    input: {} as { now?: () => Date },
  },
  guards: {
    validForm: ({ context, event }) =>
      event.type === 'SUBMIT' && !hasErrors(validateRegister(event.values, context.now())),
  },
  actions: {
    keepValues: assign(({ event }) => ({
      values: event.type === 'SUBMIT' ? event.values : null,
      fieldErrors: {},
      formError: null,
    })),
    showErrors: assign(({ context, event }) => ({
      fieldErrors: event.type === 'SUBMIT' ? validateRegister(event.values, context.now()) : {},
      formError: MESSAGES.invalidForm,
      refusals: context.refusals + 1,
    })),
  },
  actors: {
    signup: fromPromise<SignupResult, SignupValues>(async () => {
      throw new Error('signup is provided by the screen');
    }),
    checkCaptcha: fromPromise<void, { captchaId: string; captchaAnswer: string }>(async () => {
      throw new Error('checkCaptcha is provided by the screen');
    }),
  },
}).createMachine({
  id: 'signup',
  initial: 'editing',
  context: ({ input }) => ({
    values: null,
    fieldErrors: {},
    formError: null,
    refusals: 0,
    result: null,
    now: input.now ?? (() => new Date()),
  }),
  on: {
    'FIELD.EDITED': {
      actions: assign(({ context, event }) => ({
        fieldErrors: withoutField(context.fieldErrors, event.field),
      })),
    },
  },
  states: {
    editing: { on: { SUBMIT: [...submitTransitions] } },
    checkingCaptcha: {
      invoke: {
        src: 'checkCaptcha',
        input: ({ context }) => ({
          captchaId: context.values?.captchaId ?? '',
          captchaAnswer: context.values?.captchaAnswer ?? '',
        }),
        onDone: 'confirming',
        // Wrong, it is spent: the form comes back for a new one, as after a refused sign-up.
        onError: {
          target: 'failed',
          actions: assign(({ context, event }) => ({
            ...signupFailure(event.error),
            refusals: context.refusals + 1,
          })),
        },
      },
    },
    confirming: {
      on: { BACK: 'editing', CONFIRM: 'submitting' },
    },
    submitting: {
      invoke: {
        src: 'signup',
        input: ({ context }) => context.values as SignupValues,
        onDone: { target: 'done', actions: assign(({ event }) => ({ result: event.output })) },
        onError: {
          target: 'failed',
          actions: assign(({ context, event }) => ({
            ...signupFailure(event.error),
            refusals: context.refusals + 1,
          })),
        },
      },
    },
    failed: { on: { SUBMIT: [...submitTransitions] } },
    done: { type: 'final' },
  },
});
