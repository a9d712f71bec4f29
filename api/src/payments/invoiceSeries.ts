import { randomUUID } from 'node:crypto';
import type { Knex } from 'knex';
import {
  creditNoteSeriesDecider,
  invoiceSeriesDecider,
  type DocumentSeriesState,
  type IssueCreditNote,
  type IssueInvoice,
} from '@boli/engine/billing/invoice.decider';
import {
  creditNoteSeriesStream,
  invoiceSeriesStream,
  type CreditNoteEvent,
  type InvoiceEvent,
} from '@boli/engine/billing/invoice.events';
import { ConcurrencyError, type EventStore } from '@boli/engine/eventStore/eventStore';
import type { Command, Decider } from '@boli/engine/shared/decider';
import {
  creditNotesOfPurchase,
  invoicesOfPurchase,
  lastCreditNoteSequence,
  lastInvoiceSequence,
} from '@boli/projections/billing/purchases.queries';
import { orNothingBeforeFirstBuild } from '@boli/projections/runtime/beforeFirstBuild';
import { systemMetadata } from './purchaseStore.ts';

/*
 * Issuing an invoice or a credit note without reading a whole year's series. The read model knows
 * the series up to some sequence n (stream version n - 1) and which purchases it covers; only the
 * events after it are read and folded. The append still expects the exact version it read, so two
 * issuers can never take one number or leave a gap; the loser reads again, and finds its purchase
 * covered (in the read model or the tail) if the winner was issuing for the same one.
 */

const ATTEMPTS = 20;

type Deps = { store: EventStore; db: Knex };

type DocumentEvent = {
  readonly type: string;
  readonly data: { readonly purchaseId: string; readonly sequence: number };
};

type Series<C extends Command, E extends DocumentEvent> = {
  readonly streamId: string;
  readonly decider: Decider<DocumentSeriesState, C, E>;
  /** The highest sequence of the series that the read model holds (0 for none). */
  readonly known: () => Promise<number>;
  /** The number of the purchase's document in this series, as far as the read model knows. */
  readonly issuedFor: () => Promise<string | undefined>;
  readonly command: Omit<C, 'metadata'>;
};

/** The number of the purchase's document in the series: the one it has, or a new one. */
async function issueInSeries<
  C extends Command<string, { purchaseId: string }>,
  E extends DocumentEvent,
>(deps: Deps, series: Series<C, E>): Promise<string> {
  const { purchaseId } = series.command.data;
  for (let attempt = 1; ; attempt += 1) {
    // In this order: a document the read model holds up to `known` is then seen by the purchase
    // check, one after it is in the tail. (Checking the purchase once, before a retry re-read
    // `known`, let a retry miss the winner's document for the same purchase and issue a second.)
    const known = await orNothingBeforeFirstBuild(series.known(), 0);
    const issued = await orNothingBeforeFirstBuild(series.issuedFor(), undefined);
    if (issued !== undefined) return issued;
    const tail = await deps.store.readStream(series.streamId, { from: known });
    const state = tail.reduce(
      (folded, event) => series.decider.evolve(folded, event as unknown as E),
      { issued: known, numbers: new Map<string, string>() } as DocumentSeriesState,
    );
    const inTail = state.numbers.get(purchaseId);
    if (inTail !== undefined) return inTail;
    const events = series.decider.decide(
      { ...series.command, metadata: systemMetadata() } as C,
      state,
    );
    try {
      await deps.store.append(
        series.streamId,
        events.map((event) => ({
          ...event,
          metadata: { ...systemMetadata(), eventId: randomUUID() },
        })),
        state.issued === 0 ? 'no-stream' : state.issued - 1,
      );
      const after = events.reduce(series.decider.evolve, state);
      return after.numbers.get(purchaseId)!;
    } catch (error) {
      if (!(error instanceof ConcurrencyError) || attempt >= ATTEMPTS) throw error;
    }
  }
}

/** The purchase's tax invoice number in `financialYear`'s series, issuing it if it has none. */
export function issueInvoice(
  deps: Deps,
  purchaseId: string,
  financialYear: string,
): Promise<string> {
  return issueInSeries<IssueInvoice, InvoiceEvent>(deps, {
    streamId: invoiceSeriesStream(financialYear),
    decider: invoiceSeriesDecider,
    known: () => lastInvoiceSequence(deps.db, financialYear),
    issuedFor: async () => (await invoicesOfPurchase(deps.db, purchaseId))[0]?.invoice_number,
    command: { type: 'IssueInvoice', data: { purchaseId, financialYear } },
  });
}

/**
 * The credit note reversing the purchase's invoice, in the series of the refund's financial year,
 * issuing it if it has none.
 */
export function issueCreditNote(deps: Deps, credit: IssueCreditNote['data']): Promise<string> {
  const { purchaseId, financialYear } = credit;
  return issueInSeries<IssueCreditNote, CreditNoteEvent>(deps, {
    streamId: creditNoteSeriesStream(financialYear),
    decider: creditNoteSeriesDecider,
    known: () => lastCreditNoteSequence(deps.db, financialYear),
    issuedFor: async () =>
      (await creditNotesOfPurchase(deps.db, purchaseId))[0]?.credit_note_number,
    command: { type: 'IssueCreditNote', data: credit },
  });
}
