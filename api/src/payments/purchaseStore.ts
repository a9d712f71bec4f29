import { randomUUID } from 'node:crypto';
import { handleCommand } from '@boli/engine/commandHandling/handleCommand';
import type { EventStore, NewEventMetadata } from '@boli/engine/eventStore/eventStore';
import type { PurchaseCommand } from '@boli/engine/billing/purchase.commands';
import { purchaseDecider } from '@boli/engine/billing/purchase.decider';
import { purchaseStream, type PurchaseEvent } from '@boli/engine/billing/purchase.events';
import type { PurchaseState } from '@boli/engine/billing/purchase.state';

/*
 * The write side of purchases as the api and the worker use it: fold a purchase's stream, run a
 * purchase command. Answers about a purchase are built from its stream (the truth), not from a
 * read model that may lag.
 */

/** The purchase's state from its own stream; `purchase` is null when there is none. */
export async function loadPurchase(store: EventStore, purchaseId: string): Promise<PurchaseState> {
  const events = await store.readStream(purchaseStream(purchaseId));
  return events.reduce(
    (state, event) => purchaseDecider.evolve(state, event as unknown as PurchaseEvent),
    purchaseDecider.initialState(),
  );
}

/** The state after `events`, folded onto a state already known (saves reading the stream again). */
export const withEvents = (state: PurchaseState, events: readonly PurchaseEvent[]): PurchaseState =>
  events.reduce(purchaseDecider.evolve, state);

/** Metadata for what the system does on its own (webhooks, the reconciler, fulfilment). */
export const systemMetadata = (causationId?: string): NewEventMetadata => ({
  eventId: randomUUID(),
  now: new Date().toISOString(),
  actor: { userId: 'system', role: 'system' },
  ...(causationId ? { causationId } : {}),
});

/** Runs one purchase command; returns the state after it and the position it appended at. */
export async function runPurchaseCommand(
  store: EventStore,
  purchaseId: string,
  command: PurchaseCommand,
) {
  const result = await handleCommand({
    store,
    streamId: purchaseStream(purchaseId),
    decider: purchaseDecider,
    command,
  });
  return result;
}
