import type { Knex } from 'knex';
import {
  creditNotesOfPurchase,
  findPurchase,
  invoicesOfPurchase,
} from '@boli/projections/billing/purchases.queries';
import { creditNoteDocumentOf, invoiceDocumentOf } from './invoiceDocument.ts';
import { renderCreditNotePdf, renderInvoicePdf } from './invoicePdf.ts';

/** A tax invoice or credit note as a file. */
export type InvoiceFile = {
  /**
   * The buyer: `GET /api/invoices/:purchaseId` (and `/api/credit-notes/:purchaseId`) serve the
   * file to them, auditors and admins.
   */
  readonly userId: string;
  /** The document's number. */
  readonly invoiceNumber: string;
  /** BL-26-27-000042.pdf, CN-26-27-000007.pdf */
  readonly fileName: string;
  readonly pdf: Buffer;
};

/** "BL/26-27/000042" → "BL-26-27-000042.pdf": a file name without slashes (credit notes alike). */
export const invoiceFileName = (invoiceNumber: string): string =>
  `${invoiceNumber.replaceAll('/', '-')}.pdf`;

/**
 * The tax invoice PDF of a purchase (its first invoice), from the purchases read model; undefined
 * when there is no such purchase or it has not been invoiced yet.
 */
export async function invoiceFileOf(
  db: Knex,
  purchaseId: string,
): Promise<InvoiceFile | undefined> {
  const purchase = await findPurchase(db, purchaseId);
  if (purchase === undefined) return undefined;
  const [invoice] = await invoicesOfPurchase(db, purchaseId);
  if (invoice === undefined) return undefined;
  return {
    userId: purchase.user_id,
    invoiceNumber: invoice.invoice_number,
    fileName: invoiceFileName(invoice.invoice_number),
    pdf: await renderInvoicePdf(invoiceDocumentOf(purchase, invoice)),
  };
}

/**
 * The credit note PDF of a purchase whose invoice was reversed, from the purchases read model;
 * undefined when there is no such purchase or no credit note for it yet.
 */
export async function creditNoteFileOf(
  db: Knex,
  purchaseId: string,
): Promise<InvoiceFile | undefined> {
  const purchase = await findPurchase(db, purchaseId);
  if (purchase === undefined) return undefined;
  const [creditNote] = await creditNotesOfPurchase(db, purchaseId);
  if (creditNote === undefined) return undefined;
  const invoice = (await invoicesOfPurchase(db, purchaseId)).find(
    (candidate) => candidate.invoice_number === creditNote.invoice_number,
  );
  if (invoice === undefined) return undefined;
  return {
    userId: purchase.user_id,
    invoiceNumber: creditNote.credit_note_number,
    fileName: invoiceFileName(creditNote.credit_note_number),
    pdf: await renderCreditNotePdf(creditNoteDocumentOf(purchase, invoice, creditNote)),
  };
}
