import { REFUND_REASON_WORDS } from '@boli/engine/billing/billing.messages';
import { describe, expect, it } from 'vitest';
import { SUPPLIER, buyerIn, lifetimeLine } from '@boli/engine/billing/billing.fixtures';
import type {
  CreditNoteRow,
  InvoiceRow,
  PurchaseRow,
} from '@boli/projections/billing/purchases.queries';
import { creditNoteDocumentOf, invoiceDocumentOf, purchaseForLine } from './invoiceDocument.ts';

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
  invoice_number: 'BL/26-27/000007',
  invoice_issued_at: '2026-11-21T10:01:01.000Z',
  financial_year: '2026-27',
  credit_note_number: null,
  credit_note_issued_at: null,
};
const invoice: InvoiceRow = {
  invoice_number: 'BL/26-27/000007',
  financial_year: '2026-27',
  sequence: 7,
  purchase_id: 'p-7',
  issued_at: '2026-11-21T10:01:01.000Z',
};

describe('the invoice of a purchase, from the read model', () => {
  it('carries the purchase, its tax and the captured payment', () => {
    const document = invoiceDocumentOf(purchase, invoice);
    expect(document).toMatchObject({
      invoiceNumber: 'BL/26-27/000007',
      financialYear: '2026-27',
      purchaseId: 'p-7',
      lines: [line],
      totals: { price: line.price, cgst: line.cgst, sgst: line.sgst, total: line.total },
      payment: { paymentId: 'pay_7', orderId: 'order_7', method: 'card', amount: line.total },
    });
  });

  it('says what a fee or a space paid for; a subscription its line names', () => {
    expect(invoiceDocumentOf(purchase, invoice).purchaseFor).toBeNull();
    const fee = {
      ...purchase,
      subject: {
        kind: 'bidFee',
        adId: 'ad-7',
        bidamt: 600_000,
        type: 'Open',
        bidAlias: 'NikBids',
        itemName: 'Brass lamp',
      },
    } as const;
    expect(invoiceDocumentOf(fee, invoice).purchaseFor).toBe(
      'Open bid of Rs. 6,000.00 as NikBids on the ad "Brass lamp" (ad-7)',
    );
    const slot = {
      kind: 'adSlot',
      spaceType: 'sidePanels',
      slotdate: '2026-05-10',
      bidId: 'b-1',
      bidamt: 250_000_00,
      company: 'Kite Tea',
    } as const;
    expect(purchaseForLine(slot)).toBe('The winning bid of Rs. 2,50,000.00, by Kite Tea (bid b-1)');
    expect(
      purchaseForLine({
        kind: 'shareFee',
        type: 'Open',
        bidamt: 5_000_00,
        company: 'Redfort Shares',
      } as PurchaseRow['subject']),
    ).toBe('Open bid of Rs. 5,000.00 as Redfort Shares');
    // An ad space's line names it, and its id is its purchase's: no line to repeat it.
    expect(
      purchaseForLine({
        kind: 'adSpace',
        spaceId: 'p-1',
        spaceType: 'betweenPosts',
        cycle: 'quarterly',
      }),
    ).toBeNull();
  });

  it('carries the service period it is given: a space’s or slot’s run, none for the rest', () => {
    expect(invoiceDocumentOf(purchase, invoice).servicePeriod).toBeNull();
    const run = { from: '2026-11-21T10:01:02.000Z', until: '2027-02-21T10:01:02.000Z' };
    expect(invoiceDocumentOf(purchase, invoice, run).servicePeriod).toEqual(run);
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

describe('the credit note of a refunded purchase', () => {
  const refunded: PurchaseRow = {
    ...purchase,
    status: 'refunded',
    refund_id: 'rfnd_7',
    refund_amount: line.total,
    refund_reason: 'alreadyOwned',
    refunded_at: '2026-11-22T09:00:00.000Z',
    credit_note_number: 'CN/26-27/000002',
    credit_note_issued_at: '2026-11-22T09:00:01.000Z',
  };
  const note: CreditNoteRow = {
    credit_note_number: 'CN/26-27/000002',
    financial_year: '2026-27',
    sequence: 2,
    purchase_id: 'p-7',
    invoice_number: 'BL/26-27/000007',
    payment_id: 'pay_7',
    refund_id: 'rfnd_7',
    amount: line.total,
    issued_at: '2026-11-22T09:00:01.000Z',
  };

  it('carries the whole invoice it reverses and the refund', () => {
    expect(creditNoteDocumentOf(refunded, invoice, note)).toMatchObject({
      creditNoteNumber: 'CN/26-27/000002',
      financialYear: '2026-27',
      invoice: { invoiceNumber: 'BL/26-27/000007', totals: { total: line.total } },
      refund: {
        refundId: 'rfnd_7',
        paymentId: 'pay_7',
        amount: line.total,
        refundedAt: '2026-11-22T09:00:00.000Z',
        reason: REFUND_REASON_WORDS.alreadyOwned,
      },
    });
  });

  it('refuses an invoice other than the one the note names', () => {
    expect(() =>
      creditNoteDocumentOf(refunded, invoice, { ...note, invoice_number: 'BL/26-27/000008' }),
    ).toThrow(/reverses BL\/26-27\/000008/);
  });
});
