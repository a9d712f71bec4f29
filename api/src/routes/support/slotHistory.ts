import { toHistoryEntry } from '@boli/engine/ads/ad.history';
import { adSlotStream } from '@boli/engine/adspace/adSlot.events';
import { rankBids, slotBiddingEndsAt } from '@boli/engine/adspace/adSlot.rules';
import type { SlotSpaceType } from '@boli/engine/adspace/adSpace.rules';
import { statusOf } from '@boli/engine/billing/purchase.state';
import type { EventStore } from '@boli/engine/eventStore/eventStore';
import { verifyStreamChain } from '@boli/engine/eventStore/hashChain';
import { paiseToRupees } from '@boli/engine/shared/money';
import { offerPurchaseId, slotStateOf } from '../../payments/slotSale.ts';
import { loadPurchase } from '../../payments/purchaseStore.ts';
import { creditNoteUrlOf, invoiceUrlOf } from '../../payments/transactions.ts';
import { findPurchase } from '@boli/projections/billing/purchases.queries';
import type { Knex } from 'knex';

/*
 * A slot's whole story for support and auditors, from its own stream and its offers' purchases:
 * every bid, ranked as the winner is chosen; when bidding ended; each offer — to whom, until
 * when, and where its purchase stands (paid, expired, refunded …); and whether the slot was sold
 * or left unsold. What settles "I paid, but the slot went to someone else".
 */

export async function slotHistory(
  { store, db }: { store: EventStore; db: Knex },
  slot: { type: SlotSpaceType; slotdate: string },
) {
  const events = await store.readStream(adSlotStream(slot.type, slot.slotdate));
  if (events.length === 0) return undefined;
  const state = slotStateOf(events);
  const offers = await Promise.all(
    state.offers.map(async (offer) => {
      const purchaseId = offerPurchaseId(offer);
      const purchase = await loadPurchase(store, purchaseId);
      // Its tax documents, once issued (the read model's, a moment behind a payment).
      const row = await findPurchase(db, purchaseId);
      return {
        bidId: offer.bid.bidId,
        userId: offer.bid.userId,
        username: offer.bid.username,
        amount: paiseToRupees(offer.bid.bidamt),
        offeredAt: offer.offeredAt,
        payBy: offer.payBy,
        purchaseId,
        /** Null while the purchase is not recorded yet (the sweep starts it). */
        purchaseStatus: purchase.purchase === null ? null : statusOf(purchase),
        invoiceNumber: row?.invoice_number ?? null,
        invoiceUrl: row?.invoice_number ? invoiceUrlOf(purchaseId) : null,
        creditNoteNumber: row?.credit_note_number ?? null,
        creditNoteUrl: row?.credit_note_number ? creditNoteUrlOf(purchaseId) : null,
      };
    }),
  );
  return {
    ...slot,
    biddingEndsAt: slotBiddingEndsAt(slot.slotdate),
    closedAt: state.closed?.closedAt ?? null,
    winnerBidId: state.closed?.winner?.bidId ?? null,
    bids: rankBids(state.bids).map((bid) => ({
      bidId: bid.bidId,
      userId: bid.userId,
      username: bid.username,
      company: bid.company,
      amount: paiseToRupees(bid.bidamt),
      biddate: bid.biddate,
    })),
    offers,
    sold: state.sold,
    unsold: state.unsold,
    chain: verifyStreamChain(events),
    events: events.map(toHistoryEntry),
  };
}

export type SlotHistory = NonNullable<Awaited<ReturnType<typeof slotHistory>>>;
