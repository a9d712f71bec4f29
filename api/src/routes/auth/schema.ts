import { z } from 'zod';
import { MESSAGES } from '@boli/engine/shared/messages';

/*
 * The auth routes' own inputs. The account forms (signup, signin, passwords, OTP) use the
 * engine's schemas (engine/src/accounts/account.schemas.ts), which word every message as the spec.
 */

const text = z
  .unknown()
  .optional()
  .transform((value) =>
    typeof value === 'string' ? value : typeof value === 'number' ? String(value) : '',
  );

const required = text.refine((value) => value.trim() !== '', { message: MESSAGES.cannotBeBlank });

/** The captcha fields that come with the sign-up form. */
export const captchaFields = z.object({ captchaId: text, captchaAnswer: text });

/** GET /api/auth/emailValidate?user_id=<signed token from the email link>. */
export const emailValidateQuery = z.object({ user_id: required });

/** POST /api/auth/resendEmail. */
export const resendEmailBody = z.object({ username: required });

/** POST /api/auth/refresh. */
export const refreshBody = z.object({ refreshToken: required });
