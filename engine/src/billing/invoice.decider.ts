import type { Command, Decider } from '../shared/decider.ts';
import type { InvoiceEvent } from './invoice.events.ts';
import { invoiceNumber } from './invoice.rules.ts';

/** Issue the invoice of a captured purchase in its financial year's series. */
export type IssueInvoice = Command<
  'IssueInvoice',
  { readonly purchaseId: string; readonly financialYear: string }
>;

export type InvoiceSeriesState = {
  readonly issued: number;
  readonly purchaseIds: ReadonlySet<string>;
};

/**
 * One series per financial year. The n-th invoice of a series is its stream's n-th event, and
 * the append expects the version it read, so two invoices can never take one number and no
 * number is skipped. A purchase already invoiced gets no second invoice.
 */
export const invoiceSeriesDecider: Decider<InvoiceSeriesState, IssueInvoice, InvoiceEvent> = {
  initialState: () => ({ issued: 0, purchaseIds: new Set() }),
  evolve: (state, event) => ({
    issued: event.data.sequence,
    purchaseIds: new Set(state.purchaseIds).add(event.data.purchaseId),
  }),
  decide: ({ data, metadata }, state) => {
    if (state.purchaseIds.has(data.purchaseId)) return [];
    const sequence = state.issued + 1;
    return [
      {
        type: 'InvoiceIssued',
        data: {
          invoiceNumber: invoiceNumber(data.financialYear, sequence),
          financialYear: data.financialYear,
          sequence,
          purchaseId: data.purchaseId,
          issuedAt: metadata.now,
        },
      },
    ];
  },
};
