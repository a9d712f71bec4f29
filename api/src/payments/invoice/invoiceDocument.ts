import type { Buyer, PurchaseLine, Supplier } from '@boli/engine/billing/purchase.events';
import { placeOfSupplyOf, type TaxBreakdown } from '@boli/engine/billing/tax';
import { refundReasonWords } from '@boli/engine/billing/billing.messages';
import { rupeeAmount } from './invoiceFormat.ts';
import type {
  CreditNoteRow,
  InvoiceRow,
  PurchaseRow,
} from '@boli/projections/billing/purchases.queries';

/** Everything a tax invoice prints. Money is integer paise; instants are ISO-8601. */
export type InvoiceDocument = {
  readonly invoiceNumber: string;
  readonly financialYear: string;
  readonly issuedAt: string;
  readonly purchaseId: string;
  readonly supplier: Supplier;
  readonly buyer: Buyer;
  /** The state whose GST applies: the buyer's, or the supplier's when the buyer gave none. */
  readonly placeOfSupply: string;
  readonly lines: readonly PurchaseLine[];
  /** What the purchase was for, when its line's name does not say (`purchaseForLine`). */
  readonly purchaseFor: string | null;
  /** When the ad space or slot bought is shown, as its space recorded; null for the rest. */
  readonly servicePeriod: ServicePeriod | null;
  readonly totals: TaxBreakdown;
  readonly payment: {
    readonly paymentId: string;
    readonly orderId: string;
    readonly method: string;
    readonly capturedAt: string;
    readonly amount: number;
  };
};

/**
 * What a fee or a slot paid for, to tie the invoice back to it: the bid a fee placed and the ad
 * (by name and id), the slot's winning bid. Null for a subscription and an ad space, which their
 * line names (an ad space's id is its purchase's, on the invoice already).
 */
export function purchaseForLine(subject: PurchaseRow['subject']): string | null {
  switch (subject.kind) {
    case 'bidFee':
      return (
        `${subject.type ?? ''} bid of ${rupeeAmount(subject.bidamt)} as ${subject.bidAlias} ` +
        `on the ad "${subject.itemName}" (${subject.adId})`
      ).trim();
    // `company` is the name the member bids under, as Transactions says it: not what is bought.
    case 'shareFee':
      return `${subject.type ?? ''} bid of ${rupeeAmount(subject.bidamt)} as ${subject.company}`.trim();
    // The line names the slot's type and its day; the bid's id ties it to support's slot history.
    case 'adSlot':
      return `The winning bid of ${rupeeAmount(subject.bidamt)}, by ${subject.company} (bid ${subject.bidId})`;
    default:
      return null;
  }
}

/** From `from` (included) until `until` (excluded): instants, ISO-8601. */
export type ServicePeriod = { readonly from: string; readonly until: string };

/**
 * The invoice of a purchase, from the purchases read model. Only a purchase whose payment was
 * captured has one; the invoice row must be the purchase's.
 */
export function invoiceDocumentOf(
  purchase: PurchaseRow,
  invoice: InvoiceRow,
  servicePeriod: ServicePeriod | null = null,
): InvoiceDocument {
  if (invoice.purchase_id !== purchase.purchase_id) {
    throw new RangeError(
      `invoice ${invoice.invoice_number} is for purchase ${invoice.purchase_id}, not ${purchase.purchase_id}`,
    );
  }
  const { captured_payment_id, order_id, captured_method, captured_at, captured_amount } = purchase;
  if (
    captured_payment_id === null ||
    order_id === null ||
    captured_at === null ||
    captured_amount === null
  ) {
    throw new RangeError(`purchase ${purchase.purchase_id} has no captured payment`);
  }
  return {
    invoiceNumber: invoice.invoice_number,
    financialYear: invoice.financial_year,
    issuedAt: invoice.issued_at,
    purchaseId: purchase.purchase_id,
    supplier: purchase.supplier,
    buyer: purchase.buyer,
    placeOfSupply: placeOfSupplyOf(purchase.buyer.state, purchase.supplier.state),
    lines: purchase.lines,
    purchaseFor: purchaseForLine(purchase.subject),
    servicePeriod,
    totals: {
      price: purchase.price,
      cgstBasisPoints: purchase.cgst_basis_points,
      sgstBasisPoints: purchase.sgst_basis_points,
      igstBasisPoints: purchase.igst_basis_points,
      cgst: purchase.cgst,
      sgst: purchase.sgst,
      igst: purchase.igst,
      total: purchase.total,
    },
    payment: {
      paymentId: captured_payment_id,
      orderId: order_id,
      method: captured_method ?? '',
      capturedAt: captured_at,
      amount: captured_amount,
    },
  };
}

/** Everything a credit note prints: the invoice it reverses, whole, and the refund. */
export type CreditNoteDocument = {
  readonly creditNoteNumber: string;
  /** The refund's financial year (the invoice's may be earlier). */
  readonly financialYear: string;
  readonly issuedAt: string;
  readonly invoice: InvoiceDocument;
  readonly refund: {
    readonly refundId: string;
    readonly paymentId: string;
    readonly amount: number;
    readonly refundedAt: string;
    /** Why it was refunded, as the ledger says it (`REFUND_REASON_WORDS`); null when not known. */
    readonly reason: string | null;
  };
};

/** The credit note of a refunded purchase, from the read model's purchase, invoice and note. */
export function creditNoteDocumentOf(
  purchase: PurchaseRow,
  invoice: InvoiceRow,
  creditNote: CreditNoteRow,
): CreditNoteDocument {
  if (creditNote.invoice_number !== invoice.invoice_number) {
    throw new RangeError(
      `credit note ${creditNote.credit_note_number} reverses ${creditNote.invoice_number}, not ${invoice.invoice_number}`,
    );
  }
  return {
    creditNoteNumber: creditNote.credit_note_number,
    financialYear: creditNote.financial_year,
    issuedAt: creditNote.issued_at,
    invoice: invoiceDocumentOf(purchase, invoice),
    refund: {
      refundId: creditNote.refund_id,
      paymentId: creditNote.payment_id,
      amount: creditNote.amount,
      refundedAt: purchase.refunded_at ?? creditNote.issued_at,
      reason: purchase.refund_reason === null ? null : refundReasonWords(purchase.refund_reason),
    },
  };
}
