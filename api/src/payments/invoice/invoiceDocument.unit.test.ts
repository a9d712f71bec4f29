import { describe, expect, it } from 'vitest';
import { SUPPLIER, buyerIn, lifetimeLine } from '@boli/engine/billing/billing.fixtures';
import type { InvoiceRow, PurchaseRow } from '@boli/projections/billing/purchases.queries';
import { invoiceDocumentOf } from './invoiceDocument.ts';

const line = lifetimeLine('');
const purchase: PurchaseRow = {
  purchase_id: 'p-7',
  user_id: 'u-asha',
  kind: 'subscription',
  product_key: 'subscription:lifetime',
  name: 'Lifetime Subscription',
  status: 'fulfilled',
  subject: { kind: 'subscription', planId: 'lifetime' },
  lines: [line],
  buyer: buyerIn(''),
  supplier: SUPPLIER,
  price: line.price,
  cgst: line.cgst,
  sgst: line.sgst,
  igst: line.igst,
  total: line.total,
  cgst_basis_points: line.cgstBasisPoints,
  sgst_basis_points: line.sgstBasisPoints,
  igst_basis_points: line.igstBasisPoints,
  order_id: 'order_7',
  captured_payment_id: 'pay_7',
  captured_amount: line.total,
  captured_method: 'card',
  captured_at: '2026-11-21T10:01:00.000Z',
  fulfilment: null,
  fulfilled_at: null,
  refund_reason: null,
  refund_message: null,
  refund_requested_at: null,
  refund_id: null,
  refund_amount: null,
  refunded_at: null,
  expires_at: '2026-11-21T11:00:00.000Z',
  expired_at: null,
  created_at: '2026-11-21T10:00:00.000Z',
  invoice_number: 'BOLI/2026-27/000007',
  invoice_issued_at: '2026-11-21T10:01:01.000Z',
  financial_year: '2026-27',
};
const invoice: InvoiceRow = {
  invoice_number: 'BOLI/2026-27/000007',
  financial_year: '2026-27',
  sequence: 7,
  purchase_id: 'p-7',
  issued_at: '2026-11-21T10:01:01.000Z',
};

describe('the invoice of a purchase, from the read model', () => {
  it('carries the purchase, its tax and the captured payment', () => {
    const document = invoiceDocumentOf(purchase, invoice);
    expect(document).toMatchObject({
      invoiceNumber: 'BOLI/2026-27/000007',
      financialYear: '2026-27',
      purchaseId: 'p-7',
      lines: [line],
      totals: { price: line.price, cgst: line.cgst, sgst: line.sgst, total: line.total },
      payment: { paymentId: 'pay_7', orderId: 'order_7', method: 'card', amount: line.total },
    });
  });

  it("takes the supplier's state as the place of supply when the buyer gave none", () => {
    expect(invoiceDocumentOf(purchase, invoice).placeOfSupply).toBe(SUPPLIER.state);
    const inKerala = { ...purchase, buyer: buyerIn('Kerala') };
    expect(invoiceDocumentOf(inKerala, invoice).placeOfSupply).toBe('Kerala');
  });

  it('refuses an unpaid purchase or another purchase’s invoice', () => {
    expect(() => invoiceDocumentOf({ ...purchase, captured_payment_id: null }, invoice)).toThrow(
      /no captured payment/,
    );
    expect(() => invoiceDocumentOf(purchase, { ...invoice, purchase_id: 'p-8' })).toThrow(
      /not p-7/,
    );
  });
});
