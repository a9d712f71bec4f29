/*
 * The payment gateway as the rest of Boli sees it: orders, payments and refunds in integer paise.
 * One adapter speaks Razorpay's API (razorpay.ts); development, demos and tests point it at the
 * sandbox gateway the project ships (api/src/sandbox/payments/), so the same code runs everywhere.
 */

export type GatewayOrder = {
  orderId: string;
  /** Paise. */
  amount: number;
  currency: 'INR';
  receipt: string;
  status: 'created' | 'attempted' | 'paid';
  notes: Record<string, string>;
};

export type GatewayPayment = {
  paymentId: string;
  orderId: string;
  /** Paise. */
  amount: number;
  status: 'created' | 'authorized' | 'captured' | 'refunded' | 'failed';
  method: string;
  errorCode: string | null;
  errorDescription: string | null;
  /** Paise. */
  amountRefunded: number;
  /** ISO 8601. */
  createdAt: string;
};

export type GatewayRefund = {
  refundId: string;
  paymentId: string;
  /** Paise. */
  amount: number;
  status: 'pending' | 'processed' | 'failed';
};

export interface PaymentGateway {
  createOrder(input: {
    amount: number;
    receipt: string;
    notes: Record<string, string>;
  }): Promise<GatewayOrder>;
  fetchOrder(orderId: string): Promise<GatewayOrder>;
  fetchOrderPayments(orderId: string): Promise<GatewayPayment[]>;
  fetchPayment(paymentId: string): Promise<GatewayPayment>;
  /**
   * The payments the gateway created in [from, to), newest first: at most `atMost` of them, and
   * whether it holds more.
   */
  paymentsCreated(
    period: { from: Date; to: Date },
    atMost: number,
  ): Promise<{ payments: GatewayPayment[]; more: boolean }>;
  /**
   * Refunds `amount` paise of a captured payment. The gateway answers a repeated `receipt` with the
   * earlier refund, so a retried refund never pays back twice.
   */
  refund(
    paymentId: string,
    input: { amount: number; receipt: string; notes: Record<string, string> },
  ): Promise<GatewayRefund>;
}
