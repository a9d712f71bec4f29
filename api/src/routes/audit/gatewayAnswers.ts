import { ApiError } from '../../http/errors.ts';
import { GatewayError } from '../../payments/gateway/errors.ts';
import { BILLING_MESSAGES } from '@boli/engine/billing/billing.messages';

/** The gateway's answer; a gateway that cannot answer is the api's 502. */
export async function askGateway<T>(call: Promise<T>): Promise<T> {
  try {
    return await call;
  } catch (error) {
    if (error instanceof GatewayError && error.status !== 400 && error.status !== 404) {
      throw new ApiError(502, BILLING_MESSAGES.gatewayUnreachable, 'GATEWAY_UNAVAILABLE');
    }
    throw error;
  }
}

/** The gateway's answer, or null when it does not know the thing asked for. */
export async function orNotFound<T>(call: Promise<T>): Promise<T | null> {
  try {
    return await askGateway(call);
  } catch (error) {
    if (error instanceof GatewayError) return null;
    throw error;
  }
}
