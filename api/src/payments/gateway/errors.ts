/** The status a GatewayError carries when the gateway could not be reached (no HTTP answer). */
export const NO_ANSWER = 0;

/**
 * A gateway call that did not succeed, in the provider's own terms: the HTTP status (NO_ANSWER
 * when none arrived), Razorpay's error code (e.g. `BAD_REQUEST_ERROR`) and its description.
 */
export class GatewayError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    readonly description: string,
  ) {
    super(`Payment gateway error ${status} ${code}: ${description}`);
    this.name = 'GatewayError';
  }

  /** Worth trying again later: the gateway was unreachable or failed on its side. */
  get retryable(): boolean {
    return this.status === NO_ANSWER || this.status >= 500;
  }
}
