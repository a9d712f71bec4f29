import { REFUND_REASON_WORDS } from '@boli/engine/billing/billing.messages';
import { describe, expect, it } from 'vitest';
import { SUPPLIER, buyerIn } from '@boli/engine/billing/billing.fixtures';
import type { PurchaseLine } from '@boli/engine/billing/purchase.events';
import { taxLine } from '@boli/engine/billing/tax';
import type { InvoiceDocument } from './invoiceDocument.ts';
import { renderCreditNotePdf, renderInvoicePdf } from './invoicePdf.ts';
import { flowing, pdfText } from '../../../../ops/src/testing/pdfText.ts';

const line = (pricePaise: number, buyerState: string): PurchaseLine => ({
  ...taxLine({
    pricePaise,
    rates: { gstBasisPoints: 1800 },
    supplierState: SUPPLIER.state,
    buyerState,
  }),
  productKey: 'subscription:lifetime',
  name: 'Lifetime Subscription',
  sac: '998599',
  cycle: null,
});

const invoiceFor = (buyerState: string, pricePaise: number): InvoiceDocument => {
  const only = line(pricePaise, buyerState);
  const { productKey: _k, name: _n, sac: _s, cycle: _c, ...totals } = only;
  return {
    invoiceNumber: 'BL/26-27/000042',
    financialYear: '2026-27',
    // 31 March 19:00 UTC is already 1 April in India.
    issuedAt: '2027-03-31T19:00:00.000Z',
    purchaseId: 'p-42',
    supplier: SUPPLIER,
    buyer: buyerIn(buyerState),
    placeOfSupply: buyerState,
    lines: [only],
    purchaseFor: null,
    servicePeriod: null,
    totals,
    payment: {
      paymentId: 'pay_Q1w2e3r4',
      orderId: 'order_Z9x8c7',
      method: 'upi',
      capturedAt: '2027-03-31T18:59:00.000Z',
      amount: totals.total,
    },
  };
};

describe('the tax invoice PDF', () => {
  it('shows the supplier, the invoice number and India-time date, CGST + SGST and the total in words', async () => {
    const pdf = await renderInvoicePdf(invoiceFor('Karnataka', 999_00), { compress: false });
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    const text = pdfText(pdf);
    expect(text).toContain('Tax Invoice');
    expect(text).toContain('Invoice number: BL/26-27/000042');
    expect(text).toContain('Invoice date: 01-04-2027');
    expect(text).toContain(`GSTIN: ${SUPPLIER.gstin}`);
    // Each state with its GST code, as tax invoices print them.
    expect(text).toContain('State: Karnataka (29)');
    expect(text).toContain('Email: asha@example.com');
    expect(text).toContain('998599');
    // 999.00 + 9 % CGST 89.91 + 9 % SGST 89.91 = 1,178.82
    expect(text).toEqual(expect.arrayContaining(['CGST @ 9%', 'SGST @ 9%', 'Rs. 89.91']));
    expect(text).toContain('Rs. 1,178.82');
    expect(text).not.toContain('IGST amount');
    expect(flowing(text)).toContain(
      'Rupees One Thousand One Hundred Seventy-Eight and Eighty-Two Paise Only',
    );
    expect(text).toContain('Payment id: pay_Q1w2e3r4');
    expect(text).toContain('Order id: order_Z9x8c7');
  });

  it('charges IGST to a buyer in another state, with Indian digit grouping', async () => {
    const pdf = await renderInvoicePdf(invoiceFor('Maharashtra', 1_23_45_678_90), {
      compress: false,
    });
    const text = pdfText(pdf);
    expect(text).toContain('IGST amount');
    expect(text).toContain('State: Maharashtra (27)');
    expect(text).not.toContain('CGST amount');
    expect(text).toContain('IGST @ 18%');
    // 1,23,45,678.90 + 18 % = 22,22,222.20 → 1,45,67,901.10
    expect(text).toContain('22,22,222.20');
    expect(text).toContain('Rs. 1,45,67,901.10');
    expect(flowing(text)).toContain(
      'Rupees One Crore Forty-Five Lakh Sixty-Seven Thousand Nine Hundred One and Ten Paise Only',
    );
  });

  it('names what a fee paid for, to tie the invoice back to the bid and the ad', async () => {
    const forBid = 'Open bid of Rs. 6,000.00 as NikBids on the ad "Brass lamp" (ad-7)';
    const pdf = await renderInvoicePdf(
      { ...invoiceFor('Karnataka', 50_00), purchaseFor: forBid },
      { compress: false },
    );
    expect(flowing(pdfText(pdf))).toContain(`For: ${forBid}`);
    expect(
      pdfText(await renderInvoicePdf(invoiceFor('Karnataka', 999_00), { compress: false })),
    ).not.toContain('For:');
  });

  it('writes the buyer and what was bought in the scripts they were typed in', async () => {
    const invoice = invoiceFor('Tamil Nadu', 50_00);
    const pdf = await renderInvoicePdf(
      {
        ...invoice,
        buyer: { ...invoice.buyer, name: 'अनन्या लक्ष्मी', address: '12 சுப்ரமணியம் Street' },
        purchaseFor: 'Hidden bid of Rs. 5,000.25 as অনন্যা Traders 🦚',
      },
      { compress: false },
    );
    const text = flowing(pdfText(pdf));
    expect(text).toContain('अनन्या लक्ष्मी');
    expect(text).toContain('12 சுப்ரமணியம் Street');
    // Read back as typed, not in the glyphs' order (ि's before त्र: 'क्षित्रय').
    const reordered = await renderInvoicePdf(
      {
        ...invoice,
        buyer: { ...invoice.buyer, name: 'क्षत्रिय मार्ग', address: 'ரஸ்தே தமிழ்செல்வி ರಸ್ತೆ' },
      },
      { compress: false },
    );
    const typed = flowing(pdfText(reordered));
    expect(typed).toContain('क्षत्रिय मार्ग');
    expect(typed).toContain('ரஸ்தே தமிழ்செல்வி ರಸ್ತೆ');
    // A letter no font has is marked, not written as the bytes of another.
    expect(text).toContain('For: Hidden bid of Rs. 5,000.25 as অনন্যা Traders ?');
  });

  it("states a space's service period in India's time; none for what has none", async () => {
    const servicePeriod = { from: '2026-11-21T10:01:02.000Z', until: '2027-02-21T10:01:02.000Z' };
    const pdf = await renderInvoicePdf(
      { ...invoiceFor('Karnataka', 50_00), servicePeriod },
      { compress: false },
    );
    const text = pdfText(pdf);
    expect(flowing(text)).toContain(
      'Service period: 21-11-2026 15:31 IST until 21-02-2027 15:31 IST',
    );
    // The details' column breaks the line between the date-times, never inside one.
    const timeOnNextLine = text.filter(
      (run, index) => /\d{4}\s*$/.test(run) && /^\s*\d{2}:\d{2}/.test(text[index + 1] ?? ''),
    );
    expect(timeOnNextLine).toEqual([]);
    expect(
      pdfText(await renderInvoicePdf(invoiceFor('Karnataka', 999_00), { compress: false })),
    ).not.toContain('Service period');
  });

  it('is compressed by default and still carries the same text', async () => {
    const invoice = invoiceFor('Karnataka', 999_00);
    const compressed = await renderInvoicePdf(invoice);
    const plain = await renderInvoicePdf(invoice, { compress: false });
    expect(compressed.length).toBeLessThan(plain.length);
    expect(pdfText(compressed)).toEqual(pdfText(plain));
  });
});

describe('the credit note PDF', () => {
  it('reverses the invoice it names: same parties and tax, credited in full, with the refund', async () => {
    const invoice = invoiceFor('Karnataka', 999_00);
    const pdf = await renderCreditNotePdf(
      {
        creditNoteNumber: 'CN/27-28/000003',
        financialYear: '2027-28',
        issuedAt: '2027-04-02T06:00:00.000Z',
        invoice,
        refund: {
          refundId: 'rfnd_A1s2d3',
          paymentId: 'pay_Q1w2e3r4',
          amount: invoice.totals.total,
          refundedAt: '2027-04-02T05:59:00.000Z',
          reason: REFUND_REASON_WORDS.biddingClosed,
        },
      },
      { compress: false },
    );
    const text = pdfText(pdf);
    expect(text).toContain('Credit Note');
    expect(text).not.toContain('Tax Invoice');
    expect(text).toContain('Credit note number: CN/27-28/000003');
    expect(text).toContain('Credit note date: 02-04-2027');
    expect(text).toContain('Financial year: 2027-28');
    // The invoice of the year before that it reverses.
    expect(text).toContain('Against invoice: BL/26-27/000042 of 01-04-2027');
    expect(text).toContain(`GSTIN: ${SUPPLIER.gstin}`);
    expect(text).toEqual(expect.arrayContaining(['CGST @ 9%', 'SGST @ 9%', 'Total credited']));
    expect(text).toContain('Rs. 1,178.82');
    expect(text).toContain('Refund id: rfnd_A1s2d3');
    expect(flowing(text)).toContain(
      `Reason: ${REFUND_REASON_WORDS.biddingClosed}; nothing was supplied under this invoice.`,
    );
    expect(flowing(text)).toContain('section 34 of the CGST Act');
  });
});
