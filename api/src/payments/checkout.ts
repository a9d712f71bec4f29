import { createHash, randomUUID } from 'node:crypto';
import { isDeepStrictEqual } from 'node:util';
import { IdempotencyKeyReusedError } from '@boli/engine/commandHandling/idempotency';
import { priceTable, type PriceTable } from '@boli/engine/billing/prices';
import type { AdSpaceCycle, ProductKey } from '@boli/engine/billing/products';
import type { Buyer, PurchaseLine, PurchaseSubject } from '@boli/engine/billing/purchase.events';
import { statusOf, type PurchaseState } from '@boli/engine/billing/purchase.state';
import { quoteLine, type BillingSettings } from '@boli/engine/billing/quote';
import type { NewEventMetadata } from '@boli/engine/eventStore/eventStore';
import { LIMITS } from '@boli/engine/shared/limits';
import { currentPrices } from '@boli/projections/billing/prices.queries';
import { adSpacesLastPaid, openPurchaseIds } from '@boli/projections/billing/purchases.queries';
import { adSpaceKeyOfSubject, boughtSinceStarted } from '@boli/engine/billing/adSpaceBought.rules';
import type { UserRow } from '@boli/projections/users/users.evolve';
import type { Knex } from 'knex';
import { initialPurchaseState } from '@boli/engine/billing/purchase.state';
import { loadPurchase, runPurchaseCommand, withEvents } from './purchaseStore.ts';
import type { BillingDeps } from './settlement.ts';
import { addressLine } from '@boli/engine/shared/address';
import { uuidOfHash } from '@boli/engine/shared/uuid';

/*
 * Starting a purchase: price and tax it, record it, open an order at the gateway for its total
 * and record the order. Each step is repeatable, so a retried request (same Idempotency-Key →
 * same purchase id) finishes what the first one began and never opens a second order.
 */

export type CheckoutDeps = BillingDeps & { readonly db: Knex; readonly settings: BillingSettings };

/** A member's details as the invoice shows them. */
export function buyerOf(user: UserRow): Buyer {
  const name = `${user.firstname} ${user.lastname}`.trim();
  // A town given as both city and district is written once ("Lakhimpur Kheri", not twice); the
  // state and country are the buyer's fields of their own.
  const address = addressLine({
    houseno: user.houseno,
    street: user.street,
    neighbourhood: user.neighbourhood,
    city: user.city,
    district: user.district,
    pincode: user.pincode,
  });
  return {
    userId: user.user_id,
    username: user.username,
    name: name || user.username,
    email: user.email,
    phone: user.phone,
    address,
    state: user.state ?? '',
    country: user.country ?? '',
  };
}

/**
 * The purchase id: from the client's Idempotency-Key when it sent one, else fresh. Either way a
 * UUID, so that invoices, credit notes and the audit show every purchase id in one shape; one
 * made from a key is a name-based UUID (version 8) of the key's hash.
 */
export const purchaseIdFor = (scopedIdempotencyKey: string | undefined): string =>
  scopedIdempotencyKey
    ? uuidOfHash(createHash('sha256').update(scopedIdempotencyKey).digest('hex'), '8')
    : randomUUID();

export async function pricesNow(db: Knex) {
  return priceTable(await currentPrices(db));
}

/** Quotes one product for a buyer (no purchase is recorded), from `prices` when already read. */
export async function quoteFor(
  deps: Pick<CheckoutDeps, 'db' | 'settings'>,
  productKey: ProductKey,
  buyerState: string,
  cycle?: AdSpaceCycle,
  prices?: PriceTable,
) {
  return quoteLine({
    productKey,
    prices: prices ?? (await pricesNow(deps.db)),
    settings: deps.settings,
    buyerState,
    ...(cycle ? { cycle } : {}),
  });
}

export async function startPurchase(
  deps: CheckoutDeps,
  input: {
    purchaseId: string;
    buyer: UserRow;
    subject: PurchaseSubject;
    productKey: ProductKey;
    cycle?: AdSpaceCycle;
    metadata: NewEventMetadata;
    /** The price table, when the caller has read it already. */
    prices?: PriceTable;
  },
): Promise<PurchaseState> {
  const { purchaseId, metadata } = input;
  const buyer = buyerOf(input.buyer);
  const line = await quoteFor(deps, input.productKey, buyer.state, input.cycle, input.prices);
  const open = await openPurchaseOfSame(deps, input, {
    buyer,
    line,
    now: Date.parse(metadata.now),
  });
  if (open) return open;
  const created = await recordPurchaseWithOrder(deps, {
    purchaseId,
    subject: input.subject,
    buyer,
    line,
    expiresAt: new Date(
      Date.parse(metadata.now) + LIMITS.purchaseExpiryMinutes * 60_000,
    ).toISOString(),
    metadata,
  });
  if (created) return created;
  // A retry with the same Idempotency-Key (a double click): the first attempt's purchase stands,
  // with its order. The order opened here is never shown to a checkout, so it is never paid.
  const first = await loadPurchase(deps.store, purchaseId);
  // The key sent again with another request (another cycle, another product) is not a retry.
  if (!sameRequest(first, input)) throw new IdempotencyKeyReusedError(purchaseId);
  return first;
}

/**
 * Opens a gateway order for the line's total and records the purchase with it, in one append (the
 * order first). Returns the new purchase, or undefined when `purchaseId` was recorded before.
 */
export async function recordPurchaseWithOrder(
  deps: CheckoutDeps,
  input: {
    purchaseId: string;
    subject: PurchaseSubject;
    buyer: Buyer;
    line: PurchaseLine;
    expiresAt: string;
    metadata: NewEventMetadata;
  },
): Promise<PurchaseState | undefined> {
  const { purchaseId, buyer, line } = input;
  const order = await deps.gateway.createOrder({
    amount: line.total,
    receipt: purchaseId,
    notes: { purchaseId, kind: input.subject.kind, userId: buyer.userId },
  });
  const creation = await runPurchaseCommand(deps.store, purchaseId, {
    type: 'CreatePurchase',
    data: {
      purchaseId,
      subject: input.subject,
      buyer,
      supplier: deps.settings.supplier,
      lines: [line],
      expiresAt: input.expiresAt,
      order: { orderId: order.orderId, amount: order.amount, currency: 'INR' },
    },
    metadata: input.metadata,
  });
  return creation.events.length > 0
    ? withEvents(initialPurchaseState(), creation.events)
    : undefined;
}

/**
 * The member's unpaid purchase of the same thing at the same price, for the same buyer details,
 * with time left to pay its order (`LIMITS.purchaseReuseMinutesLeft`): a checkout closed and
 * opened again pays it, so the member is not left with several purchases for one wish. Each
 * candidate the read model names is confirmed from its stream, which may be ahead (paid meanwhile),
 * and from the gateway, which may be further ahead still (`unpaidAtGateway`).
 * An ad space bought since with another purchase is not reused: that one is not needed any more
 * (`boughtSinceStarted`), and the member is asking for another space.
 */
async function openPurchaseOfSame(
  deps: CheckoutDeps,
  request: PurchaseRequest,
  asked: { buyer: Buyer; line: PurchaseLine; now: number },
): Promise<PurchaseState | undefined> {
  const openUntil = asked.now + LIMITS.purchaseReuseMinutesLeft * 60_000;
  const ids = await openPurchaseIds(deps.db, {
    userId: asked.buyer.userId,
    productKey: asked.line.productKey,
    total: asked.line.total,
    openUntil: new Date(openUntil),
  });
  const spacePaidAt =
    ids.length > 0 && request.subject.kind === 'adSpace'
      ? (await adSpacesLastPaid(deps.db, asked.buyer.userId)).get(
          adSpaceKeyOfSubject(request.subject),
        )
      : undefined;
  for (const id of ids) {
    const state = await loadPurchase(deps.store, id);
    const purchase = state.purchase;
    if (
      purchase !== null &&
      ['ordered', 'failed'].includes(statusOf(state)) &&
      !boughtSinceStarted(purchase.createdAt, spacePaidAt) &&
      Date.parse(purchase.expiresAt) > openUntil &&
      sameRequest(state, request) &&
      isDeepStrictEqual(purchase.buyer, asked.buyer) &&
      isDeepStrictEqual(purchase.supplier, deps.settings.supplier) &&
      isDeepStrictEqual(purchase.lines, [asked.line]) &&
      (await unpaidAtGateway(deps, state))
    ) {
      return state;
    }
  }
  return undefined;
}

/**
 * The gateway says the purchase's order is still to be paid. Boli may not have heard of a payment
 * yet (the tab closed before its success call, the webhook on its way): an order paid already is
 * not offered again, which the gateway would refuse ('Order has already been paid') for a
 * purchase that went through. Its payment is recorded as the webhook or the reconciler brings it.
 * A gateway that cannot say is no answer either: a new order is asked of it instead.
 */
async function unpaidAtGateway(deps: CheckoutDeps, state: PurchaseState): Promise<boolean> {
  if (state.order === null) return false;
  const order = await deps.gateway.fetchOrder(state.order.orderId).catch(() => undefined);
  return order !== undefined && order.status !== 'paid';
}

/**
 * What a request chose of a subject: not the ad's name, which the server reads (and may change),
 * nor a space's id, which is its purchase's.
 */
const askedFor = (subject: PurchaseSubject) => {
  if (subject.kind === 'bidFee') return { ...subject, itemName: '' };
  if (subject.kind === 'adSpace') return { ...subject, spaceId: '' };
  return subject;
};

/** What a checkout asks to buy: for whom, what, and for which cycle. */
type PurchaseRequest = {
  buyer: UserRow;
  subject: PurchaseSubject;
  productKey: ProductKey;
  cycle?: AdSpaceCycle;
};

/** Whether a purchase already recorded is what `input` asks for: its buyer, subject and product. */
function sameRequest(recorded: PurchaseState, input: PurchaseRequest): boolean {
  const purchase = recorded.purchase;
  const line = purchase?.lines[0];
  return (
    purchase !== null &&
    line !== undefined &&
    purchase.buyer.userId === input.buyer.user_id &&
    isDeepStrictEqual(askedFor(purchase.subject), askedFor(input.subject)) &&
    line.productKey === input.productKey &&
    line.cycle === (input.cycle ?? null)
  );
}
