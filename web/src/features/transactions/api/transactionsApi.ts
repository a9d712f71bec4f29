import type { PurchaseKind } from '@boli/engine/billing/products';
import type { ApiRequest } from '../../../app/session/useApi.ts';
import {
  parseTaxBreakup,
  PURCHASE_STATUSES,
  type PurchaseStatus,
  type TaxBreakup,
} from '../../../payments/api/purchaseInfo.ts';
import { isRecord } from '../../../lib/records.ts';

/* GET /api/cart/listTransactions (spec section 7; contracts-payments.md §3). */

export type TransactionType = 'all' | PurchaseKind;

export type Transaction = TaxBreakup & {
  _id: string;
  kind: string;
  status: PurchaseStatus | null;
  /** The purchase line's name, with the ad's name for a fee paid on an ad. */
  itemName: string;
  /** Until when a paid ad space runs (the line's expiryDate, ISO); null for anything else. */
  expiresAt: string | null;
  /** Why it was refunded, when it was. */
  message: string | null;
  /** Until when a started, unpaid purchase can be paid; it lapses then (nothing was charged). */
  payBy: string | null;
  /** The bid a fee places once paid: its amount in rupees, type and the name it shows. */
  bid: FeeBid | null;
  invoiceNumber: string | null;
  invoiceUrl: string | null;
  /** The credit note that reversed the invoice once the payment was refunded, and its PDF. */
  creditNoteNumber: string | null;
  creditNoteUrl: string | null;
  createdAt: string;
};

export type FeeBid = { bidamt: number; type: string | null; by: string };

function bidOf(value: unknown): FeeBid | null {
  if (!isRecord(value) || typeof value.bidamt !== 'number') return null;
  return { bidamt: value.bidamt, type: text(value.type), by: text(value.by) ?? '' };
}

export type TransactionPage = { purchases: Transaction[]; totalPages: number };

const text = (value: unknown): string | null =>
  typeof value === 'string' && value !== '' ? value : null;

const itemsOf = (row: Record<string, unknown>): Record<string, unknown>[] =>
  Array.isArray(row.items) ? row.items.filter(isRecord) : [];

function itemNameOf(row: Record<string, unknown>): string {
  const items = itemsOf(row);
  const line = items.map((item) => text(item.name)).find(Boolean) ?? text(row.name) ?? '';
  const ad = isRecord(row.itemAdId) ? text(row.itemAdId.itemName) : null;
  return ad ? `${line} — ${ad}` : line;
}

export function parseTransaction(row: Record<string, unknown>): Transaction {
  return {
    ...parseTaxBreakup(row),
    _id: String(row._id ?? ''),
    kind: String(row.kind ?? ''),
    status: (PURCHASE_STATUSES as readonly unknown[]).includes(row.status)
      ? (row.status as PurchaseStatus)
      : null,
    itemName: itemNameOf(row),
    expiresAt:
      itemsOf(row)
        .map((item) => text(item.expiryDate))
        .find(Boolean) ?? null,
    message: text(row.message),
    payBy: text(row.payBy),
    bid: bidOf(row.bid),
    invoiceNumber: text(row.invoiceNumber),
    invoiceUrl: text(row.invoiceUrl),
    creditNoteNumber: text(row.creditNoteNumber),
    creditNoteUrl: text(row.creditNoteUrl),
    createdAt: String(row.createdAt ?? ''),
  };
}

/** One page (zero-based, 20 rows, newest first) of the member's purchases of one type. */
export const fetchTransactions = (
  request: ApiRequest,
  query: { page: number; type: TransactionType },
  signal?: AbortSignal,
): Promise<TransactionPage> => purchasesPage(request, '/api/cart/listTransactions', query, signal);

/**
 * GET /api/support/users/{userId}/purchases: one page of a member's purchases as their
 * Transactions lists them, for support (MemberPurchases).
 */
export const fetchMemberTransactions = (
  request: ApiRequest,
  userId: string,
  page: number,
  signal?: AbortSignal,
): Promise<TransactionPage> =>
  purchasesPage(
    request,
    `/api/support/users/${encodeURIComponent(userId)}/purchases`,
    { page, type: 'all' },
    signal,
  );

/**
 * GET /api/bidpay/listPurchases with item_id: the member's bid fees on one ad (the newest page),
 * so that its page can offer to pay one whose checkout was left unpaid.
 */
export const fetchBidFeesOfAd = (
  request: ApiRequest,
  itemId: string,
  signal?: AbortSignal,
): Promise<Transaction[]> =>
  purchasesPage(request, '/api/bidpay/listPurchases', { page: 0, item_id: itemId }, signal).then(
    (answer) => answer.purchases,
  );

/**
 * GET /api/buyShare/listPurchases: the member's buy-share bid fees (the newest page), so that the
 * share bid page can offer to pay one whose checkout was left unpaid.
 */
export const fetchShareFees = (request: ApiRequest, signal?: AbortSignal): Promise<Transaction[]> =>
  purchasesPage(request, '/api/buyShare/listPurchases', { page: 0 }, signal).then(
    (answer) => answer.purchases,
  );

/** A page of one of the lists of purchases, which all answer `{ purchases, totalPages }`. */
async function purchasesPage(
  request: ApiRequest,
  path: string,
  query: Record<string, string | number>,
  signal: AbortSignal | undefined,
): Promise<TransactionPage> {
  return transactionPageOf(await request<unknown>(path, { query, signal }));
}

function transactionPageOf(data: unknown): TransactionPage {
  const body = isRecord(data) ? data : {};
  const rows = Array.isArray(body.purchases) ? body.purchases.filter(isRecord) : [];
  const totalPages = Number(body.totalPages);
  return {
    purchases: rows.map(parseTransaction),
    totalPages: Number.isFinite(totalPages) && totalPages > 0 ? Math.floor(totalPages) : 0,
  };
}
