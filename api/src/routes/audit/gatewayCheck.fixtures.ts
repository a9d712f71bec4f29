import type { GatewayPayment } from '../../payments/gateway/port.ts';
import type { PurchasePaymentRow } from '@boli/projections/billing/purchases.queries';

/** A payment of the gateway checks' tests, as Boli records it and as the gateway has it. */
export const AMOUNT = 1178_82;

export const recorded = (overrides: Partial<PurchasePaymentRow> = {}): PurchasePaymentRow => ({
  payment_id: 'pay_1',
  purchase_id: 'p-1',
  order_id: 'order_1',
  amount: AMOUNT,
  method: 'upi',
  status: 'captured',
  duplicate: false,
  source: 'checkout',
  captured_at: '2026-11-21T10:01:00.000Z',
  failed_at: null,
  occurred_at: '2026-11-21T10:01:00.000Z',
  error_code: null,
  error_description: null,
  refund_reason: null,
  refund_requested_at: null,
  refund_id: null,
  refund_amount: null,
  refunded_at: null,
  ...overrides,
});
export const atGateway = (overrides: Partial<GatewayPayment> = {}): GatewayPayment => ({
  paymentId: 'pay_1',
  orderId: 'order_1',
  amount: AMOUNT,
  status: 'captured',
  method: 'upi',
  errorCode: null,
  errorDescription: null,
  amountRefunded: 0,
  createdAt: '2026-11-21T10:01:00.000Z',
  ...overrides,
});
