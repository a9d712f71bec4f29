import type { Knex } from 'knex';

/* Rows of the sandbox gateway's tables, with bigint columns read back as numbers (paise). */

export type OrderRow = {
  id: string;
  amount: number;
  currency: string;
  receipt: string | null;
  notes: Record<string, string>;
  status: 'created' | 'attempted' | 'paid';
  attempts: number;
  amountPaid: number;
  createdAt: Date;
};

export type PaymentRow = {
  id: string;
  orderId: string;
  amount: number;
  currency: string;
  status: 'captured' | 'refunded' | 'failed';
  method: string;
  amountRefunded: number;
  errorCode: string | null;
  errorDescription: string | null;
  email: string;
  contact: string;
  createdAt: Date;
};

export type RefundRow = {
  id: string;
  paymentId: string;
  amount: number;
  receipt: string | null;
  notes: Record<string, string>;
  status: 'processed';
  createdAt: Date;
};

type Row = Record<string, unknown>;

const toOrder = (r: Row): OrderRow => ({
  id: String(r.id),
  amount: Number(r.amount),
  currency: String(r.currency),
  receipt: (r.receipt as string | null) ?? null,
  notes: (r.notes as Record<string, string>) ?? {},
  status: r.status as OrderRow['status'],
  attempts: Number(r.attempts),
  amountPaid: Number(r.amount_paid),
  createdAt: r.created_at as Date,
});

const toPayment = (r: Row): PaymentRow => ({
  id: String(r.id),
  orderId: String(r.order_id),
  amount: Number(r.amount),
  currency: String(r.currency),
  status: r.status as PaymentRow['status'],
  method: String(r.method),
  amountRefunded: Number(r.amount_refunded),
  errorCode: (r.error_code as string | null) ?? null,
  errorDescription: (r.error_description as string | null) ?? null,
  email: String(r.email),
  contact: String(r.contact),
  createdAt: r.created_at as Date,
});

const toRefund = (r: Row): RefundRow => ({
  id: String(r.id),
  paymentId: String(r.payment_id),
  amount: Number(r.amount),
  receipt: (r.receipt as string | null) ?? null,
  notes: (r.notes as Record<string, string>) ?? {},
  status: 'processed',
  createdAt: r.created_at as Date,
});

export async function insertOrder(
  db: Knex,
  order: Pick<OrderRow, 'id' | 'amount' | 'currency' | 'receipt' | 'notes'>,
): Promise<OrderRow> {
  const [row] = await db('sandbox_gateway_orders')
    .insert({ ...order, notes: JSON.stringify(order.notes), status: 'created' })
    .returning('*');
  return toOrder(row);
}

/** The order, locked for the rest of the transaction when `lock` is set. */
export async function findOrder(db: Knex, id: string, lock = false): Promise<OrderRow | undefined> {
  const query = db('sandbox_gateway_orders').where({ id }).first();
  const row = await (lock ? query.forUpdate() : query);
  return row ? toOrder(row) : undefined;
}

export async function updateOrder(
  db: Knex,
  id: string,
  change: Pick<OrderRow, 'status' | 'attempts' | 'amountPaid'>,
): Promise<OrderRow> {
  const [row] = await db('sandbox_gateway_orders')
    .where({ id })
    .update({ status: change.status, attempts: change.attempts, amount_paid: change.amountPaid })
    .returning('*');
  return toOrder(row);
}

export async function insertPayment(
  db: Knex,
  payment: Omit<PaymentRow, 'amountRefunded' | 'createdAt'>,
): Promise<PaymentRow> {
  const [row] = await db('sandbox_gateway_payments')
    .insert({
      id: payment.id,
      order_id: payment.orderId,
      amount: payment.amount,
      currency: payment.currency,
      status: payment.status,
      method: payment.method,
      error_code: payment.errorCode,
      error_description: payment.errorDescription,
      email: payment.email,
      contact: payment.contact,
    })
    .returning('*');
  return toPayment(row);
}

export async function findPayment(
  db: Knex,
  id: string,
  lock = false,
): Promise<PaymentRow | undefined> {
  const query = db('sandbox_gateway_payments').where({ id }).first();
  const row = await (lock ? query.forUpdate() : query);
  return row ? toPayment(row) : undefined;
}

export async function paymentsOfOrder(db: Knex, orderId: string): Promise<PaymentRow[]> {
  const rows = await db('sandbox_gateway_payments')
    .where({ order_id: orderId })
    .orderBy('created_at', 'desc')
    .orderBy('id');
  return rows.map(toPayment);
}

/** Payments created in [from, to) (either end open when absent), newest first, a page of them. */
export async function paymentsCreatedBetween(
  db: Knex,
  page: { from?: Date; to?: Date; count: number; skip: number },
): Promise<PaymentRow[]> {
  const query = db('sandbox_gateway_payments');
  if (page.from) query.where('created_at', '>=', page.from);
  if (page.to) query.where('created_at', '<', page.to);
  const rows = await query
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(page.count)
    .offset(page.skip);
  return rows.map(toPayment);
}

export async function updatePaymentRefunds(
  db: Knex,
  id: string,
  change: Pick<PaymentRow, 'status' | 'amountRefunded'>,
): Promise<PaymentRow> {
  const [row] = await db('sandbox_gateway_payments')
    .where({ id })
    .update({ status: change.status, amount_refunded: change.amountRefunded })
    .returning('*');
  return toPayment(row);
}

export async function findRefundByReceipt(
  db: Knex,
  paymentId: string,
  receipt: string,
): Promise<RefundRow | undefined> {
  const row = await db('sandbox_gateway_refunds').where({ payment_id: paymentId, receipt }).first();
  return row ? toRefund(row) : undefined;
}

export async function insertRefund(
  db: Knex,
  refund: Pick<RefundRow, 'id' | 'paymentId' | 'amount' | 'receipt' | 'notes'>,
): Promise<RefundRow> {
  const [row] = await db('sandbox_gateway_refunds')
    .insert({
      id: refund.id,
      payment_id: refund.paymentId,
      amount: refund.amount,
      receipt: refund.receipt,
      notes: JSON.stringify(refund.notes),
      status: 'processed',
    })
    .returning('*');
  return toRefund(row);
}
