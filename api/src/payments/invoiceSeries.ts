import { randomUUID } from 'node:crypto';
import type { Knex } from 'knex';
import { invoiceSeriesDecider } from '@boli/engine/billing/invoice.decider';
import { invoiceSeriesStream, type InvoiceEvent } from '@boli/engine/billing/invoice.events';
import { ConcurrencyError, type EventStore } from '@boli/engine/eventStore/eventStore';
import {
  invoicesOfPurchase,
  lastInvoiceSequence,
} from '@boli/projections/billing/purchases.queries';
import { orNothingBeforeFirstBuild } from '@boli/projections/runtime/beforeFirstBuild';
import { systemMetadata } from './purchaseStore.ts';

/*
 * Issuing an invoice without reading a whole year's series. The read model knows the series up to
 * some sequence n (stream version n - 1) and which purchases it invoiced; only the events after
 * it are read and folded. The append still expects the exact version it read, so two issuers can
 * never take one number or leave a gap; the loser reads again, and finds its purchase invoiced
 * (in the read model or the tail) if the winner was invoicing the same one.
 */

const ATTEMPTS = 20;
export async function issueInvoice(
  deps: { store: EventStore; db: Knex },
  purchaseId: string,
  financialYear: string,
): Promise<void> {
  const streamId = invoiceSeriesStream(financialYear);
  for (let attempt = 1; ; attempt += 1) {
    // In this order: an invoice the read model holds up to `known` is then seen by the purchase
    // check, one after it is in the tail. (Checking the purchase once, before a retry re-read
    // `known`, let a retry miss the winner's invoice for the same purchase and issue a second.)
    const known = await orNothingBeforeFirstBuild(lastInvoiceSequence(deps.db, financialYear), 0);
    const invoiced = await orNothingBeforeFirstBuild(invoicesOfPurchase(deps.db, purchaseId), []);
    if (invoiced.length > 0) return;
    const tail = await deps.store.readStream(streamId, { from: known });
    const state = tail.reduce(
      (folded, event) => invoiceSeriesDecider.evolve(folded, event as unknown as InvoiceEvent),
      { issued: known, purchaseIds: new Set<string>() } as ReturnType<
        typeof invoiceSeriesDecider.initialState
      >,
    );
    const events = invoiceSeriesDecider.decide(
      {
        type: 'IssueInvoice',
        data: { purchaseId, financialYear },
        metadata: systemMetadata(),
      },
      state,
    );
    if (events.length === 0) return;
    try {
      await deps.store.append(
        streamId,
        events.map((event) => ({
          ...event,
          metadata: { ...systemMetadata(), eventId: randomUUID() },
        })),
        state.issued === 0 ? 'no-stream' : state.issued - 1,
      );
      return;
    } catch (error) {
      if (!(error instanceof ConcurrencyError) || attempt >= ATTEMPTS) throw error;
    }
  }
}
