import { MESSAGES } from '@boli/engine/shared/messages';
import { ApiError, failedOffline } from '../../../app/api/client.ts';
import { unconfirmed } from '../../../lib/submissionKey.ts';
import { errorsByField } from '../../../lib/fieldErrors.ts';
import type { AdFormErrors } from './adForm.ts';

/** A refused ad post or edit, as the form shows it. */
export type AdFailure =
  /** The profile's address is incomplete: the dialog that sends the member to /editprofile. */
  | { kind: 'addressRequired' }
  /** No subscription (or trial): the message, with a link to /subscription. */
  | { kind: 'subscribe'; message: string }
  /** Anything else: the message, and the field errors beside their fields. */
  | { kind: 'refused'; message: string; errors: AdFormErrors };

type Refusal = {
  status: number;
  serverMsg: string;
  message: string;
  code?: string;
  errors: readonly { field?: string; message: string }[];
};

export function adFailure(refusal: Refusal): AdFailure {
  const address =
    refusal.serverMsg === MESSAGES.addressRequired ||
    refusal.code === 'ADDRESS_REQUIRED' ||
    refusal.errors.some((error) => error.message === MESSAGES.addressRequired);
  if (address) return { kind: 'addressRequired' };
  if (refusal.status === 403 && refusal.serverMsg === MESSAGES.pleaseSubscribe)
    return { kind: 'subscribe', message: MESSAGES.pleaseSubscribe };
  const errors = errorsByField(refusal.errors) as AdFormErrors;
  return { kind: 'refused', message: refusal.errors[0]?.message || refusal.message, errors };
}

/**
 * Any failed call as an AdFailure: offline, that; sent without an answer, `unconfirmedMessage`
 * when the call was safe to repeat (Post Ad's Idempotency-Key); else the api's refusal, or the
 * generic message.
 */
export function adFailureOf(error: unknown, unconfirmedMessage?: string): AdFailure {
  // Sent while online, its answer lost as the browser went offline: it may have been posted.
  const lost =
    unconfirmedMessage !== undefined && unconfirmed(error)
      ? unconfirmedMessage
      : failedOffline(error)
        ? MESSAGES.offline
        : undefined;
  if (lost !== undefined) return { kind: 'refused', message: lost, errors: {} };
  return error instanceof ApiError
    ? adFailure({
        status: error.status,
        serverMsg: error.serverMsg,
        message: error.message,
        code: error.code,
        errors: error.errors,
      })
    : adFailure({ status: 0, serverMsg: '', message: MESSAGES.generic, errors: [] });
}
