import { sacCodeOf } from '@boli/engine/billing/products';
import { basisPointsToPercent, placeOfSupplyOf } from '@boli/engine/billing/tax';
import { paiseToRupees } from '@boli/engine/shared/money';
import type {
  LedgerDocuments,
  LedgerRow,
  LedgerSummary,
} from '@boli/projections/billing/purchases.queries';
import { creditNoteUrlOf, invoiceUrlOf } from '../../payments/transactions.ts';
import type { GatewayComparison, PaymentComparison, PaymentSide } from './gatewayCheck.ts';
import { minus, type MoneyTotals } from './invoiceSeries.ts';
import type { MoneyMoved, PeriodReconciliation } from './periodReconciliation.ts';

/*
 * The audit answers at the api's edge: amounts in rupees (money.ts), rates in percent.
 */

const rupeesOrNull = (paise: number | null) => (paise === null ? null : paiseToRupees(paise));

/** One payment of the auditor's ledger, with its purchase's tax and invoice. */
export function ledgerEntryOf(row: LedgerRow) {
  return {
    purchaseId: row.purchase_id,
    kind: row.kind,
    name: row.name,
    /** The services accounting code its invoice prints (998365 advertising, 998599 fees). */
    sac: sacCodeOf(row.product_key),
    /** What a bid fee was for (section 3's itemAdId.itemName): the ad and its name; else null. */
    itemAdId:
      row.item_ad_id === null ? null : { _id: row.item_ad_id, itemName: row.item_name ?? '' },
    buyer: { userId: row.user_id, name: row.buyer_name },
    /** The buyer's state as given; '' when none. */
    buyerState: row.buyer_state,
    /** The state whose GST was charged: the buyer's, else the supplier's (tax.ts). */
    placeOfSupply: placeOfSupplyOf(row.buyer_state, row.supplier_state),
    supplierGstin: row.supplier_gstin,
    supplierState: row.supplier_state,
    orderId: row.order_id,
    paymentId: row.payment_id,
    method: row.method,
    status: row.status,
    duplicate: row.duplicate,
    source: row.source,
    /** What this payment moved. */
    amount: rupeesOrNull(row.amount),
    /** The purchase's price before tax, its taxes and its total. */
    price: paiseToRupees(row.price),
    cgst: paiseToRupees(row.cgst),
    sgst: paiseToRupees(row.sgst),
    igst: paiseToRupees(row.igst),
    total: paiseToRupees(row.total),
    cgstPercent: basisPointsToPercent(row.cgst_basis_points),
    sgstPercent: basisPointsToPercent(row.sgst_basis_points),
    igstPercent: basisPointsToPercent(row.igst_basis_points),
    invoiceNumber: row.invoice_number,
    invoiceUrl: row.invoice_number ? invoiceUrlOf(row.purchase_id) : null,
    /** The credit note that reversed the invoice, on the refunded payment that paid. */
    creditNoteNumber: row.credit_note_number,
    creditNoteUrl: row.credit_note_number ? creditNoteUrlOf(row.purchase_id) : null,
    capturedAt: row.captured_at,
    failedAt: row.failed_at,
    errorCode: row.error_code,
    /** The gateway's words for why it failed, as it sent them. */
    errorDescription: row.error_description,
    refundAmount: rupeesOrNull(row.refund_amount),
    /** The gateway's id of the refund (rfnd_…), as its refund report lists it. */
    refundId: row.refund_id,
    refundReason: row.refund_reason,
    refundedAt: row.refunded_at,
  };
}

export type LedgerEntry = ReturnType<typeof ledgerEntryOf>;

export const totalsInRupees = (totals: MoneyTotals) => ({
  price: paiseToRupees(totals.price),
  cgst: paiseToRupees(totals.cgst),
  sgst: paiseToRupees(totals.sgst),
  igst: paiseToRupees(totals.igst),
  total: paiseToRupees(totals.total),
});

/**
 * A period's sums in rupees: received, refunded, failed attempts, and the tax invoiced, in all
 * and by place of supply.
 */
export const summaryInRupees = (summary: LedgerSummary) => ({
  received: { ...summary.received, amount: paiseToRupees(summary.received.amount) },
  refunded: { ...summary.refunded, amount: paiseToRupees(summary.refunded.amount) },
  net: paiseToRupees(summary.received.amount - summary.refunded.amount),
  failed: summary.failed,
  invoiced: documentsInRupees(summary.invoiced),
  credited: documentsInRupees(summary.credited),
  /** The tax invoiced less the credit notes issued in the period: what a GST return states. */
  netOfCreditNotes: totalsInRupees(minus(summary.invoiced, summary.credited)),
  invoicedByPlace: summary.invoicedByPlace.map((place) => ({
    place: place.place,
    ...documentsInRupees(place),
    credited: documentsInRupees(place.credited),
    netOfCreditNotes: totalsInRupees(minus(place, place.credited)),
  })),
});

const documentsInRupees = (documents: LedgerDocuments) => ({
  count: documents.count,
  ...totalsInRupees(documents),
});

const sideInRupees = (side: PaymentSide | null) =>
  side && { ...side, amount: rupeesOrNull(side.amount), refunded: paiseToRupees(side.refunded) };

/** A payment compared with the gateway, both sides' amounts in rupees. */
const paymentInRupees = <T extends PaymentComparison>(payment: T) => ({
  ...payment,
  ours: sideInRupees(payment.ours),
  gateway: sideInRupees(payment.gateway),
});

const movedInRupees = (moved: MoneyMoved) => ({
  received: paiseToRupees(moved.received),
  refunded: paiseToRupees(moved.refunded),
});

/** A period's reconciliation with the gateway, its amounts in rupees. */
export const reconciliationInRupees = (
  reconciliation: PeriodReconciliation & { inLedger: number; atGateway: number },
) => ({
  ...reconciliation,
  ours: movedInRupees(reconciliation.ours),
  gateway: movedInRupees(reconciliation.gateway),
  differences: reconciliation.differences.map(paymentInRupees),
});

/** The gateway comparison with its amounts in rupees. */
export const comparisonInRupees = (comparison: GatewayComparison) => ({
  agrees: comparison.agrees,
  orders: comparison.orders.map((order) => ({
    ...order,
    expectedAmount: paiseToRupees(order.expectedAmount),
    gateway: order.gateway && { ...order.gateway, amount: paiseToRupees(order.gateway.amount) },
  })),
  payments: comparison.payments.map(paymentInRupees),
});
