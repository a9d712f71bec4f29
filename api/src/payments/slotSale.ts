import type { AdSlotCommand } from '@boli/engine/adspace/adSlot.commands';
import {
  adSlotDecider,
  standingOffer,
  type AdSlotState,
} from '@boli/engine/adspace/adSlot.decider';
import { adSlotStream, type SlotOffered } from '@boli/engine/adspace/adSlot.events';
import type { SlotSpaceType } from '@boli/engine/adspace/adSpace.rules';
import { ADSPACE_MESSAGES } from '@boli/engine/adspace/adspace.messages';
import type { PurchaseState } from '@boli/engine/billing/purchase.state';
import { quoteWonSlot } from '@boli/engine/billing/quote';
import { uuidV5 } from '@boli/engine/commandHandling/eventIds';
import { handleCommand } from '@boli/engine/commandHandling/handleCommand';
import type {
  EventStore,
  NewEventMetadata,
  RecordedEvent,
} from '@boli/engine/eventStore/eventStore';
import { DomainError } from '@boli/engine/shared/decider';
import { findUserById } from '@boli/projections/users/users.queries';
import { activateSoldSlot } from '../routes/adspace/activation.ts';
import { buyerOf, recordPurchaseWithOrder, type CheckoutDeps } from './checkout.ts';
import type { Delivery } from './fulfilment.ts';
import { loadPurchase } from './purchaseStore.ts';

/*
 * Selling a closed slot. The slot is offered to its winner, who pays their bid plus GST by the
 * offer's `payBy`: the system starts that purchase, with its gateway order, so it waits in the
 * member's transactions with Pay now. Paid → the slot is sold and its day's space is the buyer's.
 * Left unpaid past `payBy` → the reconciler offers the slot to the next in line, then expires the
 * purchase. Every step is idempotent: ids derive from the slot and the offer.
 */

export type Slot = { readonly type: SlotSpaceType; readonly slotdate: string };

const SYSTEM = { userId: 'system', role: 'system' } as const;

/** The purchase an offer is paid with. */
export const offerPurchaseId = (offer: Pick<SlotOffered['data'], 'type' | 'slotdate' | 'bid'>) =>
  uuidV5(`slotOffer/${offer.type}/${offer.slotdate}/${offer.bid.bidId}`);

/** A slot's state, folded from its stream's events. */
export const slotStateOf = (events: readonly RecordedEvent[]): AdSlotState =>
  events.reduce(
    (state, event) => adSlotDecider.evolve(state, event as never),
    adSlotDecider.initialState(),
  );

export async function loadSlot(store: EventStore, slot: Slot): Promise<AdSlotState> {
  return slotStateOf(await store.readStream(adSlotStream(slot.type, slot.slotdate)));
}

/**
 * Runs one slot command: whether it appended anything (a repeat finds its own events), and the
 * slot's state after it — the one the call folded, else read again.
 */
async function runSlotCommand(store: EventStore, slot: Slot, command: AdSlotCommand) {
  const result = await handleCommand({
    store,
    streamId: adSlotStream(slot.type, slot.slotdate),
    decider: adSlotDecider,
    command,
  });
  return {
    appended: result.events.length > 0,
    state: result.state ?? (await loadSlot(store, slot)),
  };
}

/**
 * The slot timer's work once bidding has ended: CloseSlot records the winner (the highest bid
 * then), and the slot is offered to them (`offerSlot`). `closed`: the close was recorded (by this
 * run or, repeated, by the one before).
 */
export async function closeAndOffer(
  deps: CheckoutDeps,
  slot: Slot,
  now: string,
): Promise<{ closed: boolean; offer: SlotOffered['data'] | null }> {
  const { appended } = await runSlotCommand(deps.store, slot, {
    type: 'CloseSlot',
    data: slot,
    metadata: {
      eventId: uuidV5(`slotClosed/${slot.type}/${slot.slotdate}`),
      now,
      actor: SYSTEM,
    },
  });
  return { closed: appended, offer: await offerSlot(deps, slot, null, now) };
}

/**
 * Offers the closed slot to the next in line — the winner when `lapsedBidId` is null, else the
 * one after the lapsed offer — and starts the purchase of the offer standing. Returns that offer;
 * null when the slot is sold or nobody is left to offer it to.
 */
export async function offerSlot(
  deps: CheckoutDeps,
  slot: Slot,
  lapsedBidId: string | null,
  now: string,
): Promise<SlotOffered['data'] | null> {
  const { state } = await runSlotCommand(deps.store, slot, {
    type: 'OfferSlot',
    data: { ...slot, lapsedBidId },
    metadata: {
      eventId: uuidV5(`slotOffered/${slot.type}/${slot.slotdate}/${lapsedBidId ?? 'winner'}`),
      now,
      actor: SYSTEM,
    },
  });
  const offer = standingOffer(state);
  if (offer !== null) await startOfferPurchase(deps, offer);
  return offer;
}

/**
 * The billing sweep's follow-up of a closed slot not yet sold nor left unsold: offered, should
 * the timer have stopped between the close and the offer, and the standing offer's purchase
 * started, should that have failed (the gateway away). Repeatable; lapses are the reconciler's.
 */
export async function followUpSlot(deps: CheckoutDeps, slot: Slot, now: string): Promise<void> {
  const state = await loadSlot(deps.store, slot);
  if (state.closed === null || state.sold !== null || state.unsold) return;
  const offer = standingOffer(state);
  if (offer === null) await offerSlot(deps, slot, null, now);
  else await startOfferPurchase(deps, offer);
}

/** The offer's purchase: its bid plus GST, due when the offer is (a second call finds it). */
async function startOfferPurchase(
  deps: CheckoutDeps,
  offer: SlotOffered['data'],
): Promise<PurchaseState> {
  const purchaseId = offerPurchaseId(offer);
  const existing = await loadPurchase(deps.store, purchaseId);
  if (existing.purchase !== null) return existing;
  const member = await findUserById(deps.db, offer.bid.userId);
  if (member === undefined) throw new Error(`slot bidder ${offer.bid.userId} is not in users`);
  const buyer = buyerOf(member);
  const created = await recordPurchaseWithOrder(deps, {
    purchaseId,
    subject: {
      kind: 'adSlot',
      spaceType: offer.type,
      slotdate: offer.slotdate,
      bidId: offer.bid.bidId,
      bidamt: offer.bid.bidamt,
      company: offer.bid.company,
    },
    buyer,
    line: quoteWonSlot({
      type: offer.type,
      slotdate: offer.slotdate,
      bidamt: offer.bid.bidamt,
      settings: deps.settings,
      buyerState: buyer.state,
    }),
    expiresAt: offer.payBy,
    metadata: {
      eventId: uuidV5(`slotPurchase/${purchaseId}`),
      now: offer.offeredAt,
      actor: SYSTEM,
    },
  });
  return created ?? loadPurchase(deps.store, purchaseId);
}

/** Why a payment for a slot offer would be refunded now: the offer has passed on; else null. */
export async function slotOfferRefusal(
  store: EventStore,
  subject: Slot & { readonly bidId: string },
): Promise<string | null> {
  const offer = standingOffer(await loadSlot(store, subject));
  return offer?.bid.bidId === subject.bidId ? null : ADSPACE_MESSAGES.slotOfferLapsed;
}

/**
 * Delivers a paid offer: the slot is sold to its buyer and the day's space started; a payment for
 * an offer that has passed on (paid just as it lapsed) is refunded.
 */
export async function deliverSoldSlot(
  store: EventStore,
  purchase: NonNullable<PurchaseState['purchase']>,
  metadata: NewEventMetadata,
): Promise<Delivery> {
  const subject = purchase.subject;
  if (subject.kind !== 'adSlot') throw new Error('not a slot purchase');
  const slot = { type: subject.spaceType, slotdate: subject.slotdate };
  let sold: AdSlotState['sold'];
  try {
    const sale = await runSlotCommand(store, slot, {
      type: 'SellSlot',
      data: { ...slot, bidId: subject.bidId, purchaseId: purchase.purchaseId },
      metadata: { ...metadata, eventId: uuidV5(`slotSold/${purchase.purchaseId}`) },
    });
    sold = sale.state.sold;
  } catch (error) {
    if (!(error instanceof DomainError)) throw error;
    const slotName = purchase.lines[0]?.name ?? 'Ad slot';
    return {
      refund: {
        reason: 'offerLapsed',
        message: `${slotName}: ${ADSPACE_MESSAGES.slotPaidTooLate}`,
      },
    };
  }
  const space = await activateSoldSlot(store, sold!, subject.company, metadata);
  return {
    delivered: {
      type: 'adSlotSold',
      spaceId: space.spaceId,
      startsAt: space.startsAt,
      spaceType: subject.spaceType,
      slotdate: subject.slotdate,
    },
  };
}
