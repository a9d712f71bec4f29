import { ADSPACE_MESSAGES } from '@boli/engine/adspace/adspace.messages';
import { BILLING_MESSAGES } from '@boli/engine/billing/billing.messages';
import { basisPointsToPercent } from '@boli/engine/billing/tax';
import { paiseToRupees } from '@boli/engine/shared/money';
import { adSpaceKeyOfSubject, boughtSinceStarted } from '@boli/engine/billing/adSpaceBought.rules';
import { feeBidKeyOfSubject } from '@boli/engine/billing/feeBid.rules';
import type { PurchaseRow } from '@boli/projections/billing/purchases.queries';

/*
 * Section 3's Purchase/transaction as the lists answer it: the spec's fields in rupees, IGST
 * beside CGST/SGST, where the purchase stands, its invoice once issued, and the credit note that
 * reversed it if its payment was refunded.
 */

/** Where the member downloads the tax invoice of a purchase. */
export const invoiceUrlOf = (purchaseId: string): string => `/api/invoices/${purchaseId}`;

/** Where the member downloads the credit note that reversed a refunded purchase's invoice. */
export const creditNoteUrlOf = (purchaseId: string): string => `/api/credit-notes/${purchaseId}`;

/** A purchase started but not paid, which lapses at its `expires_at` (nothing was charged). */
const UNPAID: readonly PurchaseRow['status'][] = ['created', 'ordered', 'failed'];

/**
 * The bid a fee places once paid (ours): its amount in rupees, its type and the name it shows
 * (the alias, or the company of a share bid); null for what is not a fee.
 */
function bidOf(subject: PurchaseRow['subject']) {
  if (subject.kind !== 'bidFee' && subject.kind !== 'shareFee') return null;
  return {
    bidamt: paiseToRupees(subject.bidamt),
    type: subject.type,
    by: subject.kind === 'bidFee' ? subject.bidAlias : subject.company,
  };
}

/** A subscription started and not paid: not needed any more once the member owns one. */
export const isUnpaidSubscription = (row: PurchaseRow): boolean =>
  row.kind === 'subscription' && UNPAID.includes(row.status);

/** A buy-share bid fee started and not paid: not needed any more once the member paid one. */
export const isUnpaidShareFee = (row: PurchaseRow): boolean =>
  row.kind === 'shareFee' && UNPAID.includes(row.status);

/** An ad space started and not paid: not needed any more once the member paid for it since. */
export const isUnpaidAdSpace = (row: PurchaseRow): boolean =>
  row.kind === 'adSpace' && UNPAID.includes(row.status);

/** The ad of a bid fee started and not paid: not needed any more once its bidding closed. */
export const adOfUnpaidBidFee = (row: PurchaseRow): string | undefined =>
  row.subject.kind === 'bidFee' && UNPAID.includes(row.status) ? row.subject.adId : undefined;

/** What tells which unpaid purchases are not needed any more (`unneededContext`). */
export type UnneededContext = {
  /** The member owns the lifetime plan. */
  readonly subscribed: boolean;
  /** The member has paid the buy-share bid fee (hasPaidToBuyShare). */
  readonly shareFeePaid: boolean;
  /** Ads whose bidding closed. */
  readonly closedAds: ReadonlySet<string>;
  /** The bids the member's paid bid fees placed (`feeBidKeyOfSubject`). */
  readonly placedBids: ReadonlySet<string>;
  /** When the member last paid for each ad space (`adSpacesLastPaid`). */
  readonly adSpacesPaid: ReadonlyMap<string, string>;
};

/** Why a purchase started and left unpaid is not needed any more, if it is not. */
function unneededBecause(row: PurchaseRow, context: UnneededContext): string | undefined {
  if (context.subscribed && isUnpaidSubscription(row))
    return BILLING_MESSAGES.unpaidSubscriptionNotNeeded;
  if (context.shareFeePaid && isUnpaidShareFee(row))
    return BILLING_MESSAGES.unpaidShareFeeNotNeeded;
  if (
    isUnpaidAdSpace(row) &&
    row.subject.kind === 'adSpace' &&
    boughtSinceStarted(row.created_at, context.adSpacesPaid.get(adSpaceKeyOfSubject(row.subject)))
  )
    return BILLING_MESSAGES.unpaidAdSpaceBought;
  const adId = adOfUnpaidBidFee(row);
  if (adId === undefined || row.subject.kind !== 'bidFee') return undefined;
  if (context.closedAds.has(adId)) return BILLING_MESSAGES.unpaidBidFeeNotNeeded;
  // Its bid went out with another fee (an attempt failed, and the member started again): paying
  // this one would only be refunded.
  if (context.placedBids.has(feeBidKeyOfSubject(row.subject)))
    return BILLING_MESSAGES.unpaidBidFeePlaced;
  return undefined;
}

/** Why a purchase lapsed, when the lapse has a reason to tell: a won slot's offer passed on. */
const lapsedBecause = (row: PurchaseRow): string | null =>
  row.kind === 'adSlot' && row.status === 'expired' ? ADSPACE_MESSAGES.slotOfferLapsed : null;

/**
 * A purchase as the lists answer it; `expiresAt`: when what it bought ends (an ad space's end),
 * null for what never does (the lifetime subscription, a fee spent on its bid). A purchase started
 * and left unpaid that is not needed any more — a subscription once the member owns one
 * (`subscribed`), a buy-share bid fee once they paid one (`shareFeePaid`), a bid fee once its ad's
 * bidding closed (`closedAds`) or its bid went out with another fee (`placedBids`), an ad space
 * once they paid for the same space since (`adSpacesPaid`) — says so, and has no `payBy`
 * (nothing to pay).
 */
export function transactionOf(
  row: PurchaseRow,
  {
    expiresAt = null,
    subscribed = false,
    shareFeePaid = false,
    closedAds = new Set<string>(),
    placedBids = new Set<string>(),
    adSpacesPaid = new Map<string, string>(),
  }: { expiresAt?: string | null } & Partial<UnneededContext> = {},
) {
  const subject = row.subject;
  const unneeded = unneededBecause(row, {
    subscribed,
    shareFeePaid,
    closedAds,
    placedBids,
    adSpacesPaid,
  });
  return {
    _id: row.purchase_id,
    kind: row.kind,
    status: row.status,
    itemAdId: subject.kind === 'bidFee' ? { _id: subject.adId, itemName: subject.itemName } : null,
    bid: bidOf(subject),
    items: row.lines.map((line) => ({
      name: line.name,
      price: paiseToRupees(line.price),
      cycle: line.cycle,
      expiryDate: expiresAt,
    })),
    totalPrice: paiseToRupees(row.price),
    totalPriceAfterTax: paiseToRupees(row.total),
    taxCGSTAmount: paiseToRupees(row.cgst),
    taxSGSTAmount: paiseToRupees(row.sgst),
    taxIGSTAmount: paiseToRupees(row.igst),
    taxCGSTPercent: basisPointsToPercent(row.cgst_basis_points),
    taxSGSTPercent: basisPointsToPercent(row.sgst_basis_points),
    taxIGSTPercent: basisPointsToPercent(row.igst_basis_points),
    invoiceNumber: row.invoice_number,
    invoiceUrl: row.invoice_number ? invoiceUrlOf(row.purchase_id) : null,
    creditNoteNumber: row.credit_note_number,
    creditNoteUrl: row.credit_note_number ? creditNoteUrlOf(row.purchase_id) : null,
    razorpay_order_id: row.order_id,
    message: unneeded ?? row.refund_message ?? lapsedBecause(row),
    /** Until when a started, unpaid purchase can still be paid (it lapses then); else null. */
    payBy: UNPAID.includes(row.status) && unneeded === undefined ? row.expires_at : null,
    createdAt: row.created_at,
  };
}

export type Transaction = ReturnType<typeof transactionOf>;
