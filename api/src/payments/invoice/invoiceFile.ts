import type { Knex } from 'knex';
import { findPurchase, invoicesOfPurchase } from '@boli/projections/billing/purchases.queries';
import { invoiceDocumentOf } from './invoiceDocument.ts';
import { renderInvoicePdf } from './invoicePdf.ts';

export type InvoiceFile = {
  /** The buyer: `GET /api/invoices/:purchaseId` serves the file to them, auditors and admins. */
  readonly userId: string;
  readonly invoiceNumber: string;
  /** BOLI-2026-27-000042.pdf */
  readonly fileName: string;
  readonly pdf: Buffer;
};

/** "BOLI/2026-27/000042" → "BOLI-2026-27-000042.pdf": a file name without slashes. */
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
