import { DomainError } from '@boli/engine/shared/decider';
import { MESSAGES } from '@boli/engine/shared/messages';
import { ApiError } from './errors.ts';

/** Where the web app offers a subscription, for a member refused for lack of one. */
export const SUBSCRIBE_AT = '/subscription';

/** A member refused for want of a subscription: 403 with the spec's words and where to subscribe. */
export const notEntitled = (): ApiError =>
  new ApiError(403, MESSAGES.pleaseSubscribe, 'NOT_ENTITLED', { subscribeAt: SUBSCRIBE_AT });

/**
 * A bid refused for want of a subscription (NOT_ENTITLED, an ad's or a slot's) as the api answers
 * it (notEntitled). Any other error as it is.
 */
export const subscribeRefusal = (error: unknown): unknown =>
  error instanceof DomainError && error.code === 'NOT_ENTITLED' ? notEntitled() : error;
