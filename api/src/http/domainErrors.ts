import { MESSAGES } from '@boli/engine/shared/messages';

/**
 * Each domain error code's HTTP status and, where the spec words it, its message. The one place
 * where the engine's stable codes meet HTTP. Codes not listed answer 422 with the error's own text.
 */
export const DOMAIN_ERROR_STATUS: Record<string, { status: number; message?: string }> = {
  USER_ALREADY_EXISTS: { status: 409, message: MESSAGES.alreadySignedUp },
  COMMAND_CONFLICT: { status: 409, message: MESSAGES.generic },
  NOT_FOUND: { status: 404 },
  FORBIDDEN: { status: 403 },
};

export const statusOfDomainError = (code: string): { status: number; message?: string } =>
  DOMAIN_ERROR_STATUS[code] ?? { status: 422 };
