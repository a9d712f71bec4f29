import type { CreditNoteIssued, InvoiceIssued } from '@boli/engine/billing/invoice.events';
import type { LineProductKey, PurchaseKind } from '@boli/engine/billing/products';
import type {
  Buyer,
  FulfilmentOutcome,
  PaymentSource,
  PurchaseEvent,
  PurchaseLine,
  PurchaseSubject,
  RefundReason,
  Supplier,
} from '@boli/engine/billing/purchase.events';
import {
  purchaseMachine,
  nextPurchaseSnapshot,
  purchaseStatus,
  type PurchaseStatus,
} from '@boli/engine/billing/purchase.machine';
import type { GlobalPosition, RecordedEvent } from '@boli/engine/eventStore/eventStore';

/*
 * The purchases read model's row math: one row per purchase, one per payment id (the auditor's
 * ledger), one per tax invoice and one per credit note, folded from the purchase streams and the
 * invoice and credit-note series. Pure,
 * so the knex writer, the unit tests and a replay all agree. Every value comes from the events,
 * and an event at or below the global position a row last took is skipped, so replaying the
 * log — in one batch or in any split — gives the same rows.
 */

/** A purchase as a member, the reconciler or an auditor sees it. Money is integer paise. */
export type PurchaseRow = {
  readonly purchase_id: string;
  readonly user_id: string;
  readonly kind: PurchaseKind;
  /** The first line's product (every purchase sells one product today). */
  readonly product_key: LineProductKey;
  readonly name: string;
  /** The purchase machine's state (engine/src/billing/purchase.machine.ts). */
  readonly status: Exclude<PurchaseStatus, 'none'>;
  readonly subject: PurchaseSubject;
  readonly lines: readonly PurchaseLine[];
  readonly buyer: Buyer;
  readonly supplier: Supplier;
  readonly price: number;
  readonly cgst: number;
  readonly sgst: number;
  readonly igst: number;
  readonly total: number;
  readonly cgst_basis_points: number;
  readonly sgst_basis_points: number;
  readonly igst_basis_points: number;
  /** The provider's order; null until OrderCreated. */
  readonly order_id: string | null;
  /** The payment that paid for the purchase (the machine's main payment). */
  readonly captured_payment_id: string | null;
  readonly captured_amount: number | null;
  readonly captured_method: string | null;
  readonly captured_at: string | null;
  readonly fulfilment: FulfilmentOutcome | null;
  readonly fulfilled_at: string | null;
  /** Refund of the main payment only; a duplicate payment's refund lives in its payment row. */
  readonly refund_reason: RefundReason | null;
  readonly refund_message: string | null;
  readonly refund_requested_at: string | null;
  readonly refund_id: string | null;
  readonly refund_amount: number | null;
  readonly refunded_at: string | null;
  readonly expires_at: string;
  readonly expired_at: string | null;
  readonly created_at: string;
  /** The first invoice issued for the purchase. */
  readonly invoice_number: string | null;
  readonly invoice_issued_at: string | null;
  readonly financial_year: string | null;
  /** The credit note that reversed the invoice after its payment was refunded. */
  readonly credit_note_number: string | null;
  readonly credit_note_issued_at: string | null;
};

export const PAYMENT_STATUSES = ['captured', 'failed', 'refunded'] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];

/** One payment id the provider told us about, whatever purchase state it left behind. */
export type PurchasePaymentRow = {
  readonly payment_id: string;
  readonly purchase_id: string;
  readonly order_id: string;
  /** Paise captured; null for a failed payment (PaymentFailed carries no amount: none moved). */
  readonly amount: number | null;
  /** How it was paid, or tried; null for a failure recorded before failures kept it. */
  readonly method: string | null;
  readonly status: PaymentStatus;
  /** A second capture for the same purchase: recorded, then refunded. */
  readonly duplicate: boolean;
  /** How the first news of it reached us. */
  readonly source: PaymentSource;
  readonly captured_at: string | null;
  readonly failed_at: string | null;
  /** captured_at, else failed_at: the instant the ledger sorts and filters by. */
  readonly occurred_at: string;
  readonly error_code: string | null;
  readonly error_description: string | null;
  readonly refund_reason: RefundReason | null;
  readonly refund_requested_at: string | null;
  readonly refund_id: string | null;
  readonly refund_amount: number | null;
  readonly refunded_at: string | null;
};

/** One tax invoice of a financial year's gap-free series. */
export type InvoiceRow = {
  readonly invoice_number: string;
  readonly financial_year: string;
  readonly sequence: number;
  readonly purchase_id: string;
  readonly issued_at: string;
};

/** One credit note of a financial year's gap-free series: an invoice reversed by a refund. */
export type CreditNoteRow = {
  readonly credit_note_number: string;
  readonly financial_year: string;
  readonly sequence: number;
  readonly purchase_id: string;
  readonly invoice_number: string;
  readonly payment_id: string;
  readonly refund_id: string;
  /** Paise given back. */
  readonly amount: number;
  readonly issued_at: string;
};

/** A row with the global position of the last event it took. */
export type Tracked<Row> = { readonly row: Row; readonly position: GlobalPosition };

export type BillingState = {
  readonly purchases: ReadonlyMap<string, Tracked<PurchaseRow>>;
  readonly payments: ReadonlyMap<string, Tracked<PurchasePaymentRow>>;
  /** By invoice number. */
  readonly invoices: ReadonlyMap<string, InvoiceRow>;
  /** By credit note number. */
  readonly creditNotes: ReadonlyMap<string, CreditNoteRow>;
};

export const emptyBillingState = (): BillingState => ({
  purchases: new Map(),
  payments: new Map(),
  invoices: new Map(),
  creditNotes: new Map(),
});

/** The event types this read model reads. */
export const BILLING_EVENT_TYPES = [
  'PurchaseCreated',
  'OrderCreated',
  'PaymentCaptured',
  'PaymentFailed',
  'PurchaseFulfilled',
  'RefundRequested',
  'PaymentRefunded',
  'PurchaseExpired',
  'InvoiceIssued',
  'CreditNoteIssued',
] as const satisfies readonly BillingEvent['type'][];

export type BillingEvent = PurchaseEvent | InvoiceIssued | CreditNoteIssued;

/** Positions are pairs compared lexicographically (eventStore.ts). */
export const isAfter = (a: GlobalPosition, b: GlobalPosition): boolean =>
  a.commit > b.commit || (a.commit === b.commit && a.prepare > b.prepare);

/**
 * The status after `event`, by the purchase machine itself, so the read model can never disagree
 * with the decider about where a purchase stands (a duplicate capture does not move a fulfilled
 * purchase; only a refund of the main payment makes it refunded).
 */
function machineStep(row: PurchaseRow, event: PurchaseEvent) {
  const snapshot = purchaseMachine.resolveState({
    value: row.status,
    context: { mainPaymentId: row.captured_payment_id },
  });
  const next = nextPurchaseSnapshot(snapshot, event);
  return {
    status: purchaseStatus(next) as PurchaseRow['status'],
    mainPaymentId: next.context.mainPaymentId,
  };
}

/**
 * The row PurchaseCreated starts, taking an invoice and a credit note already seen for it (any
 * order is safe).
 */
export function purchaseCreatedRow(
  data: Extract<PurchaseEvent, { type: 'PurchaseCreated' }>['data'],
  invoice: InvoiceRow | undefined,
  creditNote?: CreditNoteRow,
): PurchaseRow {
  const first = data.lines[0];
  return {
    purchase_id: data.purchaseId,
    user_id: data.buyer.userId,
    kind: data.kind,
    product_key: first?.productKey ?? (data.kind as LineProductKey),
    name: first?.name ?? data.kind,
    status: 'created',
    subject: data.subject,
    lines: data.lines,
    buyer: data.buyer,
    supplier: data.supplier,
    price: data.totals.price,
    cgst: data.totals.cgst,
    sgst: data.totals.sgst,
    igst: data.totals.igst,
    total: data.totals.total,
    cgst_basis_points: data.totals.cgstBasisPoints,
    sgst_basis_points: data.totals.sgstBasisPoints,
    igst_basis_points: data.totals.igstBasisPoints,
    order_id: null,
    captured_payment_id: null,
    captured_amount: null,
    captured_method: null,
    captured_at: null,
    fulfilment: null,
    fulfilled_at: null,
    refund_reason: null,
    refund_message: null,
    refund_requested_at: null,
    refund_id: null,
    refund_amount: null,
    refunded_at: null,
    expires_at: data.expiresAt,
    expired_at: null,
    created_at: data.createdAt,
    invoice_number: invoice?.invoice_number ?? null,
    invoice_issued_at: invoice?.issued_at ?? null,
    financial_year: invoice?.financial_year ?? null,
    credit_note_number: creditNote?.credit_note_number ?? null,
    credit_note_issued_at: creditNote?.issued_at ?? null,
  };
}

/** Folds one event (after PurchaseCreated) into a purchase's row. */
export function evolvePurchaseRow(row: PurchaseRow, event: BillingEvent): PurchaseRow {
  if (event.type === 'InvoiceIssued') {
    if (row.invoice_number !== null) return row;
    const { invoiceNumber, issuedAt, financialYear } = event.data;
    return {
      ...row,
      invoice_number: invoiceNumber,
      invoice_issued_at: issuedAt,
      financial_year: financialYear,
    };
  }
  if (event.type === 'CreditNoteIssued') {
    if (row.credit_note_number !== null) return row;
    const { creditNoteNumber, issuedAt } = event.data;
    return { ...row, credit_note_number: creditNoteNumber, credit_note_issued_at: issuedAt };
  }
  const { status, mainPaymentId } = machineStep(row, event);
  const moved = status === row.status ? row : { ...row, status };
  switch (event.type) {
    case 'PurchaseCreated':
      return row;
    case 'OrderCreated':
      return { ...moved, order_id: event.data.orderId };
    case 'PaymentCaptured': {
      const { paymentId, amount, method, capturedAt } = event.data;
      if (mainPaymentId !== paymentId || row.captured_payment_id === paymentId) return moved;
      return {
        ...moved,
        captured_payment_id: paymentId,
        captured_amount: amount,
        captured_method: method,
        captured_at: capturedAt,
      };
    }
    case 'PaymentFailed':
      return moved;
    case 'PurchaseFulfilled':
      if (status !== 'fulfilled' || row.fulfilled_at !== null) return moved;
      return { ...moved, fulfilment: event.data.outcome, fulfilled_at: event.data.fulfilledAt };
    case 'RefundRequested': {
      if (event.data.paymentId !== row.captured_payment_id) return moved;
      const { reason, message, requestedAt } = event.data;
      return {
        ...moved,
        refund_reason: reason,
        refund_message: message,
        refund_requested_at: requestedAt,
      };
    }
    case 'PaymentRefunded': {
      if (event.data.paymentId !== row.captured_payment_id) return moved;
      const { refundId, amount, refundedAt } = event.data;
      return { ...moved, refund_id: refundId, refund_amount: amount, refunded_at: refundedAt };
    }
    case 'PurchaseExpired':
      return status === 'expired' ? { ...moved, expired_at: event.data.expiredAt } : moved;
    default: {
      const _unknown: never = event;
      return row;
    }
  }
}

/**
 * Folds one event into a payment's ledger row. `row` is undefined before the provider's first
 * word about the payment. A capture wins over a failure (the money was taken); a refund is final.
 */
export function evolvePaymentRow(
  row: PurchasePaymentRow | undefined,
  event: BillingEvent,
): PurchasePaymentRow | undefined {
  switch (event.type) {
    case 'PaymentCaptured': {
      if (row !== undefined && row.status !== 'failed') return row;
      const { paymentId, purchaseId, orderId, amount, method, capturedAt, source, duplicate } =
        event.data;
      return {
        payment_id: paymentId,
        purchase_id: purchaseId,
        order_id: orderId,
        amount,
        method,
        status: 'captured',
        duplicate,
        source: row?.source ?? source,
        captured_at: capturedAt,
        failed_at: row?.failed_at ?? null,
        occurred_at: capturedAt,
        error_code: row?.error_code ?? null,
        error_description: row?.error_description ?? null,
        refund_reason: null,
        refund_requested_at: null,
        refund_id: null,
        refund_amount: null,
        refunded_at: null,
      };
    }
    case 'PaymentFailed': {
      if (row !== undefined) return row;
      const { paymentId, purchaseId, orderId, method, errorCode, errorDescription } = event.data;
      const { failedAt, source } = event.data;
      return {
        payment_id: paymentId,
        purchase_id: purchaseId,
        order_id: orderId,
        amount: null,
        method: method ?? null,
        status: 'failed',
        duplicate: false,
        source,
        captured_at: null,
        failed_at: failedAt,
        occurred_at: failedAt,
        error_code: errorCode,
        error_description: errorDescription,
        refund_reason: null,
        refund_requested_at: null,
        refund_id: null,
        refund_amount: null,
        refunded_at: null,
      };
    }
    case 'RefundRequested':
      if (row === undefined || row.refund_requested_at !== null) return row;
      return {
        ...row,
        refund_reason: event.data.reason,
        refund_requested_at: event.data.requestedAt,
      };
    case 'PaymentRefunded':
      if (row === undefined || row.status === 'refunded') return row;
      return {
        ...row,
        status: 'refunded',
        refund_id: event.data.refundId,
        refund_amount: event.data.amount,
        refunded_at: event.data.refundedAt,
      };
    default:
      return row;
  }
}

/** The payment id an event changes, if any (a credit note names its payment, changes nothing of it). */
const paymentIdOf = (event: BillingEvent): string | undefined =>
  event.type !== 'CreditNoteIssued' && 'paymentId' in event.data ? event.data.paymentId : undefined;

export type BillingChanges = {
  readonly purchases: ReadonlySet<string>;
  readonly payments: ReadonlySet<string>;
  readonly invoices: ReadonlySet<string>;
  readonly creditNotes: ReadonlySet<string>;
};

/**
 * Applies a batch of recorded events, in log order, to the rows they touch. `state` must hold
 * every stored row the batch touches (and the invoices and credit notes of its purchases); the
 * answer names the
 * rows to write.
 */
export function applyBillingEvents(
  state: BillingState,
  events: readonly RecordedEvent[],
): { state: BillingState; changed: BillingChanges } {
  const purchases = new Map(state.purchases);
  const payments = new Map(state.payments);
  const invoices = new Map(state.invoices);
  const creditNotes = new Map(state.creditNotes);
  const changed = {
    purchases: new Set<string>(),
    payments: new Set<string>(),
    invoices: new Set<string>(),
    creditNotes: new Set<string>(),
  };
  const firstOf = <D extends { purchase_id: string; issued_at: string; sequence: number }>(
    documents: ReadonlyMap<string, D>,
    purchaseId: string,
  ): D | undefined =>
    [...documents.values()]
      .filter((document) => document.purchase_id === purchaseId)
      .sort((a, b) => a.issued_at.localeCompare(b.issued_at) || a.sequence - b.sequence)[0];

  for (const recorded of events) {
    const event = recorded as unknown as BillingEvent;
    const { position } = recorded;
    const purchaseId = event.data.purchaseId;

    if (event.type === 'InvoiceIssued' && !invoices.has(event.data.invoiceNumber)) {
      const { invoiceNumber, financialYear, sequence, issuedAt } = event.data;
      invoices.set(invoiceNumber, {
        invoice_number: invoiceNumber,
        financial_year: financialYear,
        sequence,
        purchase_id: purchaseId,
        issued_at: issuedAt,
      });
      changed.invoices.add(invoiceNumber);
    }
    if (event.type === 'CreditNoteIssued' && !creditNotes.has(event.data.creditNoteNumber)) {
      const { data } = event;
      creditNotes.set(data.creditNoteNumber, {
        credit_note_number: data.creditNoteNumber,
        financial_year: data.financialYear,
        sequence: data.sequence,
        purchase_id: purchaseId,
        invoice_number: data.invoiceNumber,
        payment_id: data.paymentId,
        refund_id: data.refundId,
        amount: data.amount,
        issued_at: data.issuedAt,
      });
      changed.creditNotes.add(data.creditNoteNumber);
    }

    const purchase = purchases.get(purchaseId);
    if (purchase === undefined) {
      if (event.type === 'PurchaseCreated') {
        purchases.set(purchaseId, {
          row: purchaseCreatedRow(
            event.data,
            firstOf(invoices, purchaseId),
            firstOf(creditNotes, purchaseId),
          ),
          position,
        });
        changed.purchases.add(purchaseId);
      }
    } else if (isAfter(position, purchase.position)) {
      const row = evolvePurchaseRow(purchase.row, event);
      purchases.set(purchaseId, { row, position });
      if (row !== purchase.row) changed.purchases.add(purchaseId);
    }

    const paymentId = paymentIdOf(event);
    if (paymentId === undefined) continue;
    const payment = payments.get(paymentId);
    if (payment !== undefined && !isAfter(position, payment.position)) continue;
    const row = evolvePaymentRow(payment?.row, event);
    if (row === undefined) continue;
    payments.set(paymentId, { row, position });
    if (row !== payment?.row) changed.payments.add(paymentId);
  }
  return { state: { purchases, payments, invoices, creditNotes }, changed };
}
