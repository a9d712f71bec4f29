import type { Knex } from 'knex';
import { findSpace } from '@boli/projections/adspace/adspace.queries';
import {
  creditNotesOfPurchase,
  findPurchase,
  invoicesOfPurchase,
  type PurchaseRow,
} from '@boli/projections/billing/purchases.queries';
import { creditNoteDocumentOf, invoiceDocumentOf, type ServicePeriod } from './invoiceDocument.ts';
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
 * When the ad space or slot a purchase paid for is shown, as its space recorded it (the same start
 * and end the member's spaces and Transactions show); null for other purchases, and until the
 * space is recorded, a moment after the payment.
 */
export async function servicePeriodOf(
  db: Knex,
  purchase: Pick<PurchaseRow, 'fulfilment'>,
): Promise<ServicePeriod | null> {
  const outcome = purchase.fulfilment;
  if (outcome?.type !== 'adSpaceActivated' && outcome?.type !== 'adSlotSold') return null;
  const space = await findSpace(db, outcome.spaceId);
  return space ? { from: space.startsAt, until: space.endsAt } : null;
}

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
    pdf: await renderInvoicePdf(
      invoiceDocumentOf(purchase, invoice, await servicePeriodOf(db, purchase)),
    ),
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
