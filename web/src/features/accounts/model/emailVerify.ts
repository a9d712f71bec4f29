import { MESSAGES } from '@boli/engine/shared/messages';
import { ApiError, messageOf } from '../../../app/api/client.ts';

/**
 * What a refused email-verification link says (spec section 8): 'Your email is not validated.'
 * when the answer says so, followed by why (the link is unknown, or expired); any other failure
 * as it is.
 */
export function emailVerifyFailure(error: unknown): string {
  const why = messageOf(error);
  const data =
    error instanceof ApiError ? (error.data as { emailValidated?: unknown } | null) : null;
  return data?.emailValidated === false ? `${MESSAGES.emailNotValidated} ${why}` : why;
}
