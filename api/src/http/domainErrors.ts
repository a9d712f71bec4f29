import { MESSAGES } from '@boli/engine/shared/messages';
import { ACCOUNT_MESSAGES } from '@boli/engine/accounts/account.messages';

/**
 * Each domain error code's HTTP status and, where the spec words it, its message. The one place
 * where the engine's stable codes meet HTTP. Codes not listed answer 422 with the error's own text.
 */
export const DOMAIN_ERROR_STATUS: Record<string, { status: number; message?: string }> = {
  USER_ALREADY_EXISTS: { status: 409, message: MESSAGES.alreadySignedUp },
  COMMAND_CONFLICT: { status: 409, message: MESSAGES.generic },
  NOT_FOUND: { status: 404 },
  FORBIDDEN: { status: 403 },
  // Accounts (engine/src/accounts/account.decider.ts)
  COMMAND_TIME_INVALID: { status: 400, message: MESSAGES.generic },
  ACCOUNT_NOT_FOUND: { status: 404, message: MESSAGES.noAccountSignupFirst },
  ACCOUNT_BLOCKED: { status: 403, message: ACCOUNT_MESSAGES.accountBlocked },
  EMAIL_NOT_VERIFIED: { status: 403, message: MESSAGES.emailNotValidated },
  MOBILE_NOT_VERIFIED: { status: 403, message: ACCOUNT_MESSAGES.mobileNotVerified },
  MOBILE_ALREADY_VERIFIED: { status: 409, message: ACCOUNT_MESSAGES.mobileAlreadyVerified },
  COMMAND_NOT_ALLOWED: { status: 409, message: MESSAGES.generic },
  VALIDATION_FAILED: { status: 400, message: MESSAGES.invalidForm },
  OTP_PURPOSE_UNKNOWN: { status: 400, message: MESSAGES.generic },
  OTP_DAILY_LIMIT: { status: 429, message: MESSAGES.dailyLimitServer },
  OTP_INVALID: { status: 400, message: MESSAGES.incorrectOtp },
  OTP_EXPIRED: { status: 400, message: ACCOUNT_MESSAGES.otpExpired },
  WRONG_PASSWORD: { status: 400, message: ACCOUNT_MESSAGES.wrongOldPassword },
  RESET_TOKEN_INVALID: { status: 400, message: ACCOUNT_MESSAGES.resetLinkInvalid },
  RESET_TOKEN_EXPIRED: { status: 400, message: ACCOUNT_MESSAGES.resetLinkExpired },
  ROLE_UNKNOWN: { status: 400, message: MESSAGES.generic },
  PRIVACY_SETTING_UNKNOWN: { status: 400, message: MESSAGES.generic },
  PROFILE_PICTURE_INVALID: { status: 400, message: ACCOUNT_MESSAGES.profilePictureInvalid },
  EMAIL_RESEND_DAILY_LIMIT: { status: 429, message: MESSAGES.dailyLimitServer },
};

export const statusOfDomainError = (code: string): { status: number; message?: string } =>
  DOMAIN_ERROR_STATUS[code] ?? { status: 422 };
