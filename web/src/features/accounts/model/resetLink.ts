import { ApiError } from '../../../app/api/client.ts';

/** The api's codes for a reset link that can no longer set a password (docs/api/accounts.md). */
const DEAD_LINK_CODES: readonly string[] = ['RESET_TOKEN_INVALID', 'RESET_TOKEN_EXPIRED'];

/**
 * Whether a refused reset says the link itself is unknown, used or expired: no password typed
 * into the form can succeed then, so the screen offers a new link instead.
 */
export const isDeadResetLink = (error: unknown): boolean =>
  error instanceof ApiError && DEAD_LINK_CODES.includes(error.code);
