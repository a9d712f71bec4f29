import { describe, expect, it } from 'vitest';
import { LIMITS } from '@boli/engine/shared/limits';
import {
  EMAILED_NOTE_KINDS,
  MAILED_KINDS_SQL,
  noteEmail,
  noteEmailExpiresAt,
  noteEmailsSince,
  readyToMail,
  stillHolds,
  type EmailedNoteKind,
  type NoteToMail,
  type NotedPurchase,
} from './noteEmails.ts';

const URL_BASE = 'https://boli.example';

const note = (
  kind: EmailedNoteKind,
  fields: Partial<
    Pick<
      NoteToMail,
      | 'adId'
      | 'actorId'
      | 'params'
      | 'actorUsername'
      | 'requestStatus'
      | 'finalCallPast'
      | 'adClosed'
      | 'purchase'
    >
  > = {},
): NoteToMail => ({
  _id: 'e-1:u-1',
  kind,
  message: `The bell's words for ${kind}.`,
  requestId: null,
  requestStatus: fields.requestStatus ?? null,
  canAnswer: kind === 'mobileRequest',
  adId: fields.adId ?? null,
  actorId: fields.actorId ?? null,
  purchaseOutcome: null,
  slot: null,
  editedDetails: null,
  createdAt: '2026-12-02T10:00:00.000Z',
  position: '1.1',
  params: fields.params ?? {},
  actorUsername: fields.actorUsername ?? '',
  finalCallPast: fields.finalCallPast ?? false,
  adClosed: fields.adClosed ?? false,
  purchase: fields.purchase ?? null,
});

/** A Lifetime Subscription paid and invoiced: what a payment's or a refund's notice is about. */
const SUBSCRIPTION_PAID: NotedPurchase = {
  name: 'Lifetime Subscription',
  paid: 117_882,
  paidAt: '2026-12-02T04:33:06.000Z',
  invoiceNumber: 'BL/26-27/000011',
  creditNoteNumber: null,
  itemName: null,
};

describe('the email a notice becomes', () => {
  it('greets the member, says what the bell says, and links to the page the bell opens', () => {
    const mail = noteEmail(
      note('finalCallMade', {
        adId: 'ad 7',
        params: { itemName: 'Brass lamp', deadline: '2026-12-03T06:30:00.000Z' },
      }),
      { firstname: 'Meera' },
      URL_BASE,
    );
    expect(mail.subject).toBe('Final call on Brass lamp: bidding closes 2026-12-03 12:00:00 IST');
    expect(mail.text).toBe(
      [
        'Hello Meera,',
        '',
        "The bell's words for finalCallMade.",
        '',
        'Open it on Boli: https://boli.example/ads/ad%207#bidding',
        '',
        'The same notice is in the bell at the top of every Boli page.',
        'To stop these emails, turn off "Email me notices" in Settings: https://boli.example/settings',
      ].join('\n'),
    );
  });

  it('tells the holder of the highest bid so in the subject, and the others that it closed', () => {
    const closed = (params: Record<string, string | number>) =>
      noteEmail(note('biddingClosed', { adId: 'a', params }), { firstname: '' }, URL_BASE);
    expect(closed({ itemName: 'Lamp', amount: 250_000 }).subject).toBe(
      'Yours is the highest bid on Lamp',
    );
    expect(closed({ itemName: 'Lamp', amount: 250_000 }).text).toContain(
      'The seller sees your name and phone number with it, to arrange the sale',
    );
    expect(closed({ itemName: 'Lamp' }).subject).toBe('Bidding closed on Lamp');
    expect(closed({ itemName: 'Lamp' }).text).not.toContain('The seller sees');
    expect(closed({ itemName: 'Lamp' }).text.startsWith('Hello,\n')).toBe(true);
  });

  it('names who asks for a number, and says where to answer', () => {
    const mail = noteEmail(
      note('mobileRequest', { actorId: 'u-2', actorUsername: 'ravi_k' }),
      { firstname: 'Asha' },
      URL_BASE,
    );
    expect(mail.subject).toBe('ravi_k asked for your mobile number');
    expect(mail.text).toContain(
      'Approve or reject it on their profile, or from the bell at the top of any Boli page.',
    );
    expect(mail.text).toContain(
      'See who is asking, and answer: https://boli.example/user_profile/u-2',
    );
  });

  it('gives every mailed kind a subject of its own and a page to open', () => {
    const subjects = EMAILED_NOTE_KINDS.map((kind) => {
      const mail = noteEmail(
        note(kind, { adId: 'a-1', actorId: 'u-2', params: { itemName: 'Lamp' } }),
        { firstname: 'A' },
        URL_BASE,
      );
      expect(mail.text).toContain(`The bell's words for ${kind}.`);
      expect(mail.text).toMatch(/: https:\/\/boli\.example\//);
      return mail.subject;
    });
    expect(subjects.every(Boolean)).toBe(true);
  });

  it('says what a payment was for, how much, when, and its tax invoice', () => {
    const purchase = {
      name: 'Bid processing fee',
      paid: 11_800,
      paidAt: '2026-12-02T04:33:06.000Z',
      invoiceNumber: 'BL/26-27/000010',
      creditNoteNumber: null,
      itemName: 'Brass lamp',
    };
    const mail = noteEmail(
      note('purchaseFulfilled', { adId: 'a-1', purchase }),
      { firstname: 'Meera' },
      URL_BASE,
    );
    expect(mail.subject).toBe('Payment of ₹118 received: Bid processing fee');
    expect(mail.text).toContain(
      [
        'For: Bid processing fee, on Brass lamp',
        'Paid: ₹118',
        'On: 2026-12-02 10:03:06 IST',
        'Tax invoice: BL/26-27/000010 (to download under Transactions)',
      ].join('\n'),
    );
    // Before its payment is in the purchases read model: what it can say.
    const early = noteEmail(
      note('purchaseFulfilled', {
        purchase: { ...purchase, paid: null, paidAt: null, invoiceNumber: null, itemName: null },
      }),
      { firstname: 'Meera' },
      URL_BASE,
    );
    expect(early.subject).toBe('Your payment was received');
    expect(early.text).toContain(
      'For: Bid processing fee\nYour tax invoice is under Transactions.',
    );
  });

  it('says what a refunded payment was for, how much, and where the money goes', () => {
    const mail = noteEmail(
      note('refundRequested', {
        params: { amount: 117_882 },
        purchase: SUBSCRIPTION_PAID,
      }),
      { firstname: 'Meera' },
      URL_BASE,
    );
    expect(mail.subject).toBe(
      'Your payment of ₹1,178.82 for Lifetime Subscription has been refunded',
    );
    expect(mail.text).toContain('For: Lifetime Subscription\nThe money goes back to');
    // A bid fee's refund names the ad its bid was for, which the note has no link to.
    const feeRefund = noteEmail(
      note('refundRequested', {
        params: { amount: 5_782, itemName: 'Tailor' },
        purchase: {
          name: 'Bid processing fee',
          paid: 5_782,
          paidAt: '2026-12-02T04:33:06.000Z',
          invoiceNumber: 'BL/26-27/000012',
          creditNoteNumber: null,
          itemName: null,
        },
      }),
      { firstname: 'Meera' },
      URL_BASE,
    );
    expect(feeRefund.text).toContain('For: Bid processing fee, on Tailor\nThe money goes back to');
    // A note written before purchases were named: the words it has.
    expect(noteEmail(note('refundRequested'), { firstname: 'A' }, URL_BASE).subject).toBe(
      'Your payment has been refunded',
    );
  });

  describe('what a refund does to the tax invoice', () => {
    const invoiced = SUBSCRIPTION_PAID;
    const refund = (reason: string | undefined, creditNoteNumber: string | null = null) =>
      note('refundRequested', {
        params: { amount: 117_882, ...(reason === undefined ? {} : { reason }) },
        purchase: { ...invoiced, creditNoteNumber },
      });
    const text = (mailed: NoteToMail) => noteEmail(mailed, { firstname: 'M' }, URL_BASE).text;

    it('names the credit note and the invoice it cancels', () => {
      expect(text(refund('alreadyOwned', 'CN/26-27/000004'))).toContain(
        'For: Lifetime Subscription\nCredit note: CN/26-27/000004, cancelling tax invoice BL/26-27/000011 (both to download under Transactions)\nThe money goes back to',
      );
    });

    it('says the invoice is to be cancelled while the credit note is not issued yet', () => {
      expect(text(refund('notFulfillable'))).toContain(
        'Tax invoice BL/26-27/000011 is cancelled by a credit note, under Transactions once the refund is made.',
      );
    });

    it('leaves the invoice standing when a second payment was refunded', () => {
      const mailed = text(refund('duplicatePayment'));
      expect(mailed).toContain(
        'Tax invoice: BL/26-27/000011, for the payment kept (to download under Transactions)',
      );
      expect(mailed).not.toContain('credit note');
    });

    it('says nothing of either when the note cannot tell which payment was refunded', () => {
      expect(text(refund(undefined))).not.toMatch(/invoice|credit note/i);
    });

    it('waits a little for the credit note, and no longer', () => {
      const created = Date.parse('2026-12-02T10:00:00.000Z');
      const at = (seconds: number) => new Date(created + seconds * 1000);
      expect(readyToMail(refund('biddingClosed'), at(1))).toBe(false);
      expect(readyToMail(refund('biddingClosed'), at(LIMITS.noteEmailInvoiceWaitSeconds))).toBe(
        true,
      );
      expect(readyToMail(refund('biddingClosed', 'CN/26-27/000001'), at(1))).toBe(true);
      // None is coming for a second payment, nor for a purchase never invoiced.
      expect(readyToMail(refund('duplicatePayment'), at(1))).toBe(true);
      const uninvoiced = note('refundRequested', {
        params: { amount: 1, reason: 'notFulfillable' },
        purchase: { ...invoiced, invoiceNumber: null },
      });
      expect(readyToMail(uninvoiced, at(1))).toBe(true);
    });
  });

  it('waits a little for a payment’s invoice, and no longer', () => {
    const created = Date.parse('2026-12-02T10:00:00.000Z');
    const at = (seconds: number) => new Date(created + seconds * 1000);
    const paid = { ...SUBSCRIPTION_PAID, paidAt: '2026-12-02T10:00:00.000Z', invoiceNumber: null };
    const waiting = note('purchaseFulfilled', { purchase: paid });
    expect(readyToMail(waiting, at(1))).toBe(false);
    expect(readyToMail(waiting, at(LIMITS.noteEmailInvoiceWaitSeconds))).toBe(true);
    expect(readyToMail(note('purchaseFulfilled'), at(1))).toBe(false);
    const invoiced = note('purchaseFulfilled', {
      purchase: { ...paid, invoiceNumber: 'BL/26-27/000012' },
    });
    expect(readyToMail(invoiced, at(1))).toBe(true);
    expect(readyToMail(note('finalCallMade', { adId: 'a' }), at(0))).toBe(true);
  });

  it('leaves the notices that come with every bid to the bell', () => {
    expect(EMAILED_NOTE_KINDS).not.toContain('outbid');
    expect(EMAILED_NOTE_KINDS).not.toContain('slotOutbid');
    for (const kind of EMAILED_NOTE_KINDS) expect(MAILED_KINDS_SQL).toContain(`'${kind}'`);
  });

  it('is not mailed once its news has gone by', () => {
    const now = new Date('2026-12-02T10:00:00.000Z');
    const finalCall = (deadline: string, adClosed = false) =>
      stillHolds(note('finalCallMade', { adId: 'a', adClosed, params: { deadline } }), now);
    expect(finalCall('2026-12-02T10:05:00.000Z')).toBe(true);
    expect(finalCall('2026-12-02T09:59:59.000Z')).toBe(false);
    expect(finalCall('2026-12-02T10:05:00.000Z', true)).toBe(false);
    expect(stillHolds(note('firstBid', { adId: 'a' }), now)).toBe(true);
    expect(stillHolds(note('firstBid', { adId: 'a', finalCallPast: true }), now)).toBe(false);
    expect(stillHolds(note('mobileRequest', { requestStatus: 'pending' }), now)).toBe(true);
    expect(stillHolds(note('mobileRequest', { requestStatus: 'approved' }), now)).toBe(false);
    expect(stillHolds(note('mobileRequestApproved', { requestStatus: 'approved' }), now)).toBe(
      true,
    );
    expect(stillHolds(note('mobileRequestApproved', { requestStatus: 'revoked' }), now)).toBe(
      false,
    );
    const offered = (payBy: string) => stillHolds(note('slotOffered', { params: { payBy } }), now);
    expect(offered('2026-12-02T12:00:00.000Z')).toBe(true);
    expect(offered('2026-12-02T09:00:00.000Z')).toBe(false);
    // What was, stays so: a close, a payment.
    expect(stillHolds(note('biddingClosed', { adId: 'a', adClosed: true }), now)).toBe(true);
  });

  it('is mailed only while fresh', () => {
    const now = new Date('2026-12-02T10:00:00.000Z');
    const hours = LIMITS.noteEmailValidHours * 3600_000;
    expect(noteEmailsSince(now).getTime()).toBe(now.getTime() - hours);
    expect(noteEmailExpiresAt(now).getTime()).toBe(now.getTime() + hours);
  });
});
