import type { SlotSold } from '@boli/engine/adspace/adSlot.events';
import { slotDayEndsAt } from '@boli/engine/adspace/adSlot.rules';
import { startOfIndiaDay } from '@boli/engine/shared/indiaTime';
import { adSpaceDecider, type AdSpaceState } from '@boli/engine/adspace/adSpace.decider';
import type { ActivateAdSpace } from '@boli/engine/adspace/adSpace.commands';
import { adSpaceStream, slotSpaceId } from '@boli/engine/adspace/adSpace.events';
import { pricedCycle } from '@boli/engine/billing/products';
import type { FulfilmentOutcome, PurchaseSubject } from '@boli/engine/billing/purchase.events';
import { uuidV5 } from '@boli/engine/commandHandling/eventIds';
import { handleCommand } from '@boli/engine/commandHandling/handleCommand';
import type { EventStore, NewEventMetadata } from '@boli/engine/eventStore/eventStore';

/*
 * Starting an ad space, from a paid purchase (the fulfilment's adSpace branch) or a slot sold to
 * the bidder who paid for it (its adSlot branch). The command id derives from what caused it — the
 * purchase, the slot — so a second delivery finds its own event and the decider adds nothing: one
 * space, whatever the retries.
 */

async function loadSpace(store: EventStore, spaceId: string): Promise<AdSpaceState> {
  const events = await store.readStream(adSpaceStream(spaceId));
  return events.reduce(
    (state, event) => adSpaceDecider.evolve(state, event as never),
    adSpaceDecider.initialState(),
  );
}

async function activate(
  store: EventStore,
  data: ActivateAdSpace['data'],
  metadata: NewEventMetadata,
): Promise<AdSpaceState> {
  await handleCommand({
    store,
    streamId: adSpaceStream(data.spaceId),
    decider: adSpaceDecider,
    command: { type: 'ActivateAdSpace', data, metadata },
  });
  return loadSpace(store, data.spaceId);
}

/** A paid ad space: active from now for its cycle; its id is the purchase's. */
export async function activatePaidSpace(
  store: EventStore,
  purchase: { purchaseId: string; subject: PurchaseSubject; buyer: { userId: string } },
  metadata: NewEventMetadata,
): Promise<FulfilmentOutcome> {
  const subject = purchase.subject;
  if (subject.kind !== 'adSpace') throw new Error('not an ad space purchase');
  const state = await activate(
    store,
    {
      spaceId: subject.spaceId,
      userId: purchase.buyer.userId,
      spaceType: subject.spaceType,
      // A purchase made for 'daily' before it was bought as quarterly runs the quarter it paid for.
      cycle: pricedCycle(subject.cycle),
      source: { kind: 'purchase', purchaseId: purchase.purchaseId },
    },
    {
      ...metadata,
      eventId: uuidV5(`adSpaceActivated/${purchase.purchaseId}`),
      causationId: purchase.purchaseId,
      actor: { userId: purchase.buyer.userId, role: 'member' },
    },
  );
  return { type: 'adSpaceActivated', spaceId: subject.spaceId, startsAt: state.space!.startsAt };
}

/**
 * The space of a sold slot, for its buyer: shown from the start of its day (or from the payment,
 * when the day had begun) to the day's end. Its id names the slot, so a slot has one space.
 */
export async function activateSoldSlot(
  store: EventStore,
  sold: SlotSold['data'],
  company: string,
  metadata: NewEventMetadata,
): Promise<AdSpaceState['space'] & object> {
  const spaceId = slotSpaceId(sold.type, sold.slotdate);
  const dayStart = startOfIndiaDay(sold.slotdate);
  const state = await activate(
    store,
    {
      spaceId,
      userId: sold.userId,
      spaceType: sold.type,
      cycle: 'daily',
      source: { kind: 'slot', slotdate: sold.slotdate, bidId: sold.bidId },
      startsAt: Date.parse(metadata.now) > Date.parse(dayStart) ? metadata.now : dayStart,
      endsAt: slotDayEndsAt(sold.slotdate),
      company,
    },
    {
      ...metadata,
      eventId: uuidV5(`slotSpaceActivated/${spaceId}`),
      causationId: sold.purchaseId,
      actor: { userId: sold.userId, role: 'member' },
    },
  );
  return state.space!;
}
