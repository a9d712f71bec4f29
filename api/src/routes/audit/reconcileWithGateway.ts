import type { Knex } from 'knex';
import { LIMITS } from '@boli/engine/shared/limits';
import { ApiError } from '../../http/errors.ts';
import type { GatewayPayment, PaymentGateway } from '../../payments/gateway/port.ts';
import { paymentsOfPeriod, paymentsWithIds, purchasesOfOrders } from './auditQueries.ts';
import { askGateway, orNotFound } from './gatewayAnswers.ts';
import { reconcilePeriod, type PeriodReconciliation } from './periodReconciliation.ts';

/** Payments asked for by id at once, when one side's list lacks what the other's holds. */
const FETCHED_AT_ONCE = 4;

export const PERIOD_TOO_LONG = (atMost: number) =>
  `The period holds more than ${atMost.toLocaleString('en-IN')} payments: check a shorter one.`;

/**
 * Every payment of [from, to) in Boli's ledger beside the gateway's list of the payments it created
 * in the same period. A payment in one list only is asked of the other side by id: the gateway
 * creates a payment before Boli records its capture, so the two lists differ at the period's ends.
 */
export async function reconcileWithGateway(
  deps: { readonly db: Knex; readonly gateway: PaymentGateway },
  period: { readonly from: Date; readonly to: Date },
): Promise<PeriodReconciliation & { inLedger: number; atGateway: number }> {
  const atMost = LIMITS.gatewayReconciliationMax;
  const tooLong = () => new ApiError(400, PERIOD_TOO_LONG(atMost), 'PERIOD_TOO_LONG');
  const ledger = await paymentsOfPeriod(deps.db, period, atMost);
  if (ledger.more) throw tooLong();
  const listed = await askGateway(deps.gateway.paymentsCreated(period, atMost));
  if (listed.more) throw tooLong();

  const listedIds = new Set(listed.payments.map((payment) => payment.paymentId));
  const recordedIds = new Set(ledger.payments.map((row) => row.payment_id));
  const recordedElsewhere = await paymentsWithIds(
    deps.db,
    listed.payments.map((payment) => payment.paymentId).filter((id) => !recordedIds.has(id)),
  );
  const unlisted = ledger.payments.map((row) => row.payment_id).filter((id) => !listedIds.has(id));
  const fetched: GatewayPayment[] = [];
  for (let start = 0; start < unlisted.length; start += FETCHED_AT_ONCE) {
    const batch = unlisted.slice(start, start + FETCHED_AT_ONCE);
    const answers = await Promise.all(batch.map((id) => orNotFound(deps.gateway.fetchPayment(id))));
    fetched.push(...answers.filter((payment) => payment !== null));
  }

  const ours = [...ledger.payments, ...recordedElsewhere];
  const known = new Set(ours.map((row) => row.payment_id));
  // Whose order a payment Boli never heard of paid: the purchase the auditor opens next.
  const purchaseOfOrder = await purchasesOfOrders(
    deps.db,
    listed.payments.filter((payment) => !known.has(payment.paymentId)).map((p) => p.orderId),
  );
  return {
    inLedger: ledger.payments.length,
    atGateway: listed.payments.length,
    ...reconcilePeriod({ ours, gateway: [...listed.payments, ...fetched], purchaseOfOrder }),
  };
}
