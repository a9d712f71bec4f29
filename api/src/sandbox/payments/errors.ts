/** The refusal of a payment on an order paid already (another tab's checkout paid it). */
export const ORDER_ALREADY_PAID = 'Order has already been paid';

/**
 * A refusal answered the way Razorpay answers it:
 * `{ error: { code, description, source, step, reason, metadata, field } }` with an HTTP status.
 */
export class SandboxGatewayError extends Error {
  constructor(
    readonly status: number,
    readonly description: string,
    readonly code = 'BAD_REQUEST_ERROR',
    readonly field: string | null = null,
  ) {
    super(description);
    this.name = 'SandboxGatewayError';
  }

  toJSON() {
    return {
      error: {
        code: this.code,
        description: this.description,
        source: 'business',
        step: 'payment_initiation',
        reason: 'input_validation_failed',
        metadata: {},
        field: this.field,
      },
    };
  }
}

/** Razorpay answers an unknown id with 400 and this description, not with 404. */
export const unknownId = () => new SandboxGatewayError(400, 'The id provided does not exist');
