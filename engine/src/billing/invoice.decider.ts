import type { Command, Decider } from '../shared/decider.ts';
import type { CreditNoteEvent, InvoiceEvent } from './invoice.events.ts';
import { creditNoteNumber, invoiceNumber } from './invoice.rules.ts';

/** Issue the invoice of a captured purchase in its financial year's series. */
export type IssueInvoice = Command<
  'IssueInvoice',
  { readonly purchaseId: string; readonly financialYear: string }
>;

/** Issue the credit note of an invoiced purchase whose paying payment was refunded. */
export type IssueCreditNote = Command<
  'IssueCreditNote',
  {
    readonly purchaseId: string;
    /** The refund's financial year. */
    readonly financialYear: string;
    readonly invoiceNumber: string;
    readonly paymentId: string;
    readonly refundId: string;
    readonly amount: number;
  }
>;

/** What a series of documents remembers: how many it holds, and each purchase's number. */
export type DocumentSeriesState = {
  readonly issued: number;
  /** Purchase id → the number of its document in this series. */
  readonly numbers: ReadonlyMap<string, string>;
};

export type InvoiceSeriesState = DocumentSeriesState;
export type CreditNoteSeriesState = DocumentSeriesState;

const emptySeries = (): DocumentSeriesState => ({ issued: 0, numbers: new Map() });

const withDocument = (
  state: DocumentSeriesState,
  document: { readonly sequence: number; readonly purchaseId: string; readonly number: string },
): DocumentSeriesState => ({
  issued: document.sequence,
  numbers: new Map(state.numbers).set(document.purchaseId, document.number),
});

/**
 * One series per financial year. The n-th invoice of a series is its stream's n-th event, and
 * the append expects the version it read, so two invoices can never take one number and no
 * number is skipped. A purchase already invoiced gets no second invoice.
 */
export const invoiceSeriesDecider: Decider<InvoiceSeriesState, IssueInvoice, InvoiceEvent> = {
  initialState: emptySeries,
  evolve: (state, { data }) => withDocument(state, { ...data, number: data.invoiceNumber }),
  decide: ({ data, metadata }, state) => {
    if (state.numbers.has(data.purchaseId)) return [];
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

/**
 * Credit notes: a series of their own per financial year, numbered as invoices are. A purchase's
 * invoice is reversed once: a purchase already credited in the series gets no second note.
 */
export const creditNoteSeriesDecider: Decider<
  CreditNoteSeriesState,
  IssueCreditNote,
  CreditNoteEvent
> = {
  initialState: emptySeries,
  evolve: (state, { data }) => withDocument(state, { ...data, number: data.creditNoteNumber }),
  decide: ({ data, metadata }, state) => {
    if (state.numbers.has(data.purchaseId)) return [];
    const sequence = state.issued + 1;
    return [
      {
        type: 'CreditNoteIssued',
        data: {
          creditNoteNumber: creditNoteNumber(data.financialYear, sequence),
          financialYear: data.financialYear,
          sequence,
          purchaseId: data.purchaseId,
          invoiceNumber: data.invoiceNumber,
          paymentId: data.paymentId,
          refundId: data.refundId,
          amount: data.amount,
          issuedAt: metadata.now,
        },
      },
    ];
  },
};
