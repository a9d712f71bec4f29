import { z } from 'zod';
import { LIMITS } from '../shared/limits.ts';
import { MESSAGES } from '../shared/messages.ts';
import { PRIVACY_SETTINGS, type ProfileLink } from './account.events.ts';
import {
  emailRule,
  parseDob,
  phoneCodeOf,
  validateBidAlias,
  validateChangePassword,
  validateEditProfile,
  validateResetPassword,
  validateSignup,
  type FieldErrors,
  type SignupOptions,
} from './account.rules.ts';

/*
 * Request schemas for the api and the forms. Shapes are lenient on purpose (missing or mistyped
 * fields read as empty) so that every message a user sees is one of the spec's rules from
 * account.rules.ts, never a generic type error. The output is normalized (dob as YYYY-MM-DD,
 * country and district as names, the terms box as a boolean).
 */

/** Any value as text: strings as they are, numbers written out, anything else empty. */
const text = z
  .unknown()
  .optional()
  .transform((value) =>
    typeof value === 'string' ? value : typeof value === 'number' ? String(value) : '',
  );

/** Country and district arrive as a name or as an object with a name (section 3). */
const named = z
  .unknown()
  .optional()
  .transform((value): string => {
    if (typeof value === 'string') return value;
    if (typeof value === 'object' && value !== null && 'name' in value) {
      const { name } = value;
      if (typeof name === 'string') return name;
    }
    return '';
  });

/** A checkbox: a JSON boolean or a form-encoded 'true' / 'on' / '1'. */
const checkbox = z
  .unknown()
  .optional()
  .transform((value) => value === true || value === 'true' || value === 'on' || value === '1');

const stringList = z
  .unknown()
  .optional()
  .transform((value): string[] => {
    if (typeof value === 'string') return value.split(',');
    if (Array.isArray(value))
      return value.filter((item): item is string => typeof item === 'string');
    return [];
  });

const links = z
  .unknown()
  .optional()
  .transform((value): ProfileLink[] =>
    Array.isArray(value)
      ? value.map((link: unknown) => {
          const { title, url } = (typeof link === 'object' && link !== null ? link : {}) as Record<
            string,
            unknown
          >;
          return {
            title: typeof title === 'string' ? title : '',
            url: typeof url === 'string' ? url : '',
          };
        })
      : [],
  );

/** Turns the rules' per-field errors into zod issues on the same paths. */
const reportTo = (ctx: z.RefinementCtx, errors: FieldErrors): void => {
  for (const [field, messages] of Object.entries(errors)) {
    for (const message of messages ?? []) {
      ctx.addIssue({ code: 'custom', path: field === 'form' ? [] : [field], message });
    }
  }
};

/** A failed parse as the rules' own shape: every message per field, `form` for the rest. */
export const fieldErrorsFromZod = (error: z.ZodError): FieldErrors => {
  const errors: Record<string, string[]> = {};
  for (const issue of error.issues) {
    const field = issue.path.length === 0 ? 'form' : String(issue.path[0]);
    errors[field] = [...(errors[field] ?? []), issue.message];
  }
  return errors;
};

const signupShape = z.object({
  firstname: text,
  lastname: text,
  email: text,
  username: text,
  bidAlias: text,
  password: text,
  confirmPassword: text,
  gender: text,
  dob: text,
  phone: text,
  phoneCode: text,
  country: named,
  termsOfServicesCheckBox: checkbox,
  houseno: text,
  street: text,
  city: text,
  state: named,
  district: named,
  pincode: text,
});

/** POST /api/auth/signup (JSON or form-encoded). `now` is the request time, for the age rule. */
export const signupSchema = (options: SignupOptions) =>
  signupShape
    .superRefine((input, ctx) => reportTo(ctx, validateSignup(input, options)))
    .transform((input) => ({
      ...input,
      dob: parseDob(input.dob) ?? input.dob,
      // Validated above: one spelling of the code.
      phoneCode: phoneCodeOf(input.phoneCode) ?? input.phoneCode,
    }));
export type SignupRequest = z.output<ReturnType<typeof signupSchema>>;

const editProfileShape = z.object({
  bnr: text,
  username: text,
  firstname: text,
  lastname: text,
  bidAlias: text,
  houseno: text,
  street: text,
  city: text,
  neighbourHood: named,
  country: named,
  state: named,
  district: named,
  pincode: text,
  dob: text,
  gender: text,
  education: text,
  industry: text,
  managerName: text,
  managerMobile: text,
  mainrole: text,
  otherroles: stringList,
  weight: text,
  height: text,
  passport: text,
  waist: text,
  hips: text,
  chest: text,
  links,
});

/** POST /api/user/editProfile. `username` is the logged-in user's (the alias rule needs it). */
export const editProfileSchema = (context: {
  readonly username: string;
  readonly now: Date | string;
}) =>
  editProfileShape
    .superRefine((input, ctx) => reportTo(ctx, validateEditProfile(input, context)))
    .transform((input) => ({ ...input, dob: parseDob(input.dob) ?? input.dob }));
export type EditProfileRequest = z.output<ReturnType<typeof editProfileSchema>>;

/** POST /api/user/changePassword. */
export const changePasswordSchema = z
  .object({ oldPassword: text, password: text, rePassword: text })
  .superRefine((input, ctx) => reportTo(ctx, validateChangePassword(input)));
export type ChangePasswordRequest = z.output<typeof changePasswordSchema>;

/** POST /api/resetPassword: `q` is the token from the mailed link. */
export const resetPasswordSchema = z
  .object({ password: text, rePassword: text, q: text })
  .superRefine((input, ctx) => {
    reportTo(ctx, validateResetPassword(input));
    if (input.q.trim() === '')
      ctx.addIssue({ code: 'custom', path: ['q'], message: MESSAGES.generic });
  });
export type ResetPasswordRequest = z.output<typeof resetPasswordSchema>;

const required = text.superRefine((value, ctx) => {
  if (value.trim() === '') ctx.addIssue({ code: 'custom', message: MESSAGES.cannotBeBlank });
});

/** POST /api/auth/signin: both fields required. */
export const signinSchema = z.object({
  username: required,
  password: required,
});

/** POST /api/auth/forgotPassword: an email, as the form checks it (`emailRule`). */
export const forgotPasswordSchema = z.object({
  email: text.superRefine((value, ctx) => {
    for (const message of emailRule(value)) ctx.addIssue({ code: 'custom', message });
  }),
});

/** The 6-digit code the user types. */
export const otpCodeSchema = text.refine(
  (value) => new RegExp(`^\\d{${LIMITS.otp.digits}}$`).test(value),
  { message: MESSAGES.incorrectOtp },
);

/** OTP send / resend: body {username}. */
export const otpSendSchema = z.object({ username: required });

/** The OTP screen's change of a mistyped number: body {username, phone, phoneCode}. */
export const phoneChangeSchema = z.object({ username: required, phone: text, phoneCode: text });

/** OTP verify: body {username, otp}. */
export const otpVerifySchema = z.object({ username: required, otp: otpCodeSchema });

/** Change setting, keyed by showMobileNumber, showEmail or showAddress. */
export const privacySettingSchema = z.object({
  setting: z.enum(PRIVACY_SETTINGS),
  value: checkbox,
});

/** The alias field of the item and share bid forms. */
export const bidAliasSchema = (username: string) =>
  text.superRefine((alias, ctx) => {
    for (const message of validateBidAlias(alias, username))
      ctx.addIssue({ code: 'custom', message });
  });
