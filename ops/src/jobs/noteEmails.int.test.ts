import { randomUUID } from 'node:crypto';
import knex, { type Knex } from 'knex';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LIMITS } from '@boli/engine/shared/limits';
import { mobileRequestStream } from '@boli/engine/social/mobileRequest.events';
import { adStream } from '@boli/engine/ads/ad.events';
import { apiKit, eventually, type ApiKit, type TestMember } from '../testing/apiKit.ts';
import { startApp, type TestApp } from '../testing/app.ts';
import { formatAmount } from '@boli/projections/social/notifications.messages';
import {
  orderedSubscription,
  payAtSandbox,
  subscriptionsOrderedSideBySide,
} from '../testing/sandboxPayments.ts';
import { mailNewNotes } from './noteEmails.ts';

/*
 * The notices that are also mailed (projections/src/social/noteEmails.ts), through the whole
 * app: the api takes the bids and the close, the projections write the notes, the worker's
 * outbox sweep mails them to the sandbox mailbox.
 */

let app: TestApp;
let kit: ApiKit;
let db: Knex;
let owner: TestMember;
let winner: TestMember;
let runnerUp: TestMember;
let unverified: TestMember;

type Mail = { to: string; subject: string; text: string };

const addressOf = (member: TestMember) => `${member.username}@example.in`;

/** The mails the sandbox mailbox holds for `member`, once it holds at least `count`. */
async function mailsTo(member: TestMember, count = 1): Promise<Mail[]> {
  return eventually(
    async () => {
      const response = await fetch(
        `${app.baseUrl}/dev/api/mailbox?to=${encodeURIComponent(addressOf(member))}`,
      );
      const body = (await response.json()) as { data?: Mail[] } | Mail[];
      const mails = Array.isArray(body) ? body : (body.data ?? []);
      return mails.length >= count && mails;
    },
    { what: `${count} mail(s) reached ${member.username}` },
  );
}

const bid = (bidder: TestMember, adId: string, bidamt: number, type = 'Open') =>
  kit.bid(bidder, adId, { bidamt, type });

beforeAll(async () => {
  app = await startApp();
  kit = apiKit(app);
  db = knex({ client: 'pg', connection: app.databaseUrl, pool: { min: 0, max: 2 } });
  [owner, winner, runnerUp, unverified] = await Promise.all([
    kit.member('mail_owner', { firstname: 'Meera' }),
    kit.member('mail_winner', { firstname: 'Vikram' }),
    kit.member('mail_second'),
    kit.member('mail_unverified', { verified: false }),
  ]);
}, 180_000);

afterAll(async () => {
  await db?.destroy();
  await kit?.close();
  await app?.stop();
});

describe('notices mailed to members', () => {
  it('mails the first bid to the owner, and the close to each bidder in their own words', async () => {
    const adId = await kit.ad(owner, { itemName: 'Brass lamp' });
    expect((await bid(runnerUp, adId, 1500)).status).toBe(200);
    // (Mailed while a final call can still be made: a close first would make it stale news.)
    const [first] = await mailsTo(owner);
    expect(first!.subject).toBe('First bid on Brass lamp');
    expect(first!.text).toMatch(/^Hello Meera,\n\nmail_second placed the first bid on Brass lamp/);
    expect(first!.text).toContain(`Open it on Boli: ${app.baseUrl}/ads/${adId}#bidding`);

    // A Hidden bid wins: only its bidder is told the amount.
    expect((await bid(winner, adId, 2500, 'Hidden')).status).toBe(200);
    expect((await bid(runnerUp, adId, 2000)).status).toBe(200);
    const closed = await kit.api('/api/bid/closeBid', {
      token: owner.token,
      json: { item_id: adId },
    });
    expect(closed.status).toBe(200);

    const [won] = await mailsTo(winner);
    expect(won!.subject).toBe('Yours is the highest bid on Brass lamp');
    expect(won!.text).toContain('Yours is the highest bid, ₹2,500.');
    const [lost] = await mailsTo(runnerUp);
    expect(lost!.subject).toBe('Bidding closed on Brass lamp');
    expect(lost!.text).toContain('Yours is not the highest bid.');
    expect(lost!.text).not.toContain('2,500');
    // The owner closed it: they know, and were mailed nothing more. Outbid notices stay in the bell.
    const written = await db('note_emails').whereIn('recipient', [
      addressOf(owner),
      addressOf(runnerUp),
    ]);
    expect(written.map((row) => row.subject).sort()).toEqual([
      'Bidding closed on Brass lamp',
      'First bid on Brass lamp',
    ]);
  });

  it('mails a request for a number, saying where to answer it', async () => {
    const asked = await kit.api('/api/request', {
      token: runnerUp.token,
      json: { requestedTo: winner.userId },
    });
    expect(asked.status).toBe(200);
    const mails = await mailsTo(winner, 2);
    const request = mails.find(
      (mail) => mail.subject === 'mail_second asked for your mobile number',
    );
    expect(request?.text).toContain('mail_second has requested your mobile number.');
    expect(request?.text).toContain('Approve or reject it on their profile');
    expect(request?.text).toContain(
      `See who is asking, and answer: ${app.baseUrl}/user_profile/${runnerUp.userId}`,
    );
  });

  it('mails nobody whose email is not verified', async () => {
    const adId = await kit.ad(unverified, { itemName: 'Unmailed chair' });
    expect((await bid(winner, adId, 1000)).status).toBe(200);
    // The owner's first-bid notice is in the bell …
    await eventually(
      async () =>
        (await db('notifications').where({ user_id: unverified.userId, kind: 'firstBid' })).length,
      { what: 'the first-bid notice was stored' },
    );
    // … and a sweep finds nothing to mail for it.
    expect(await mailNewNotes(db, new Date(), app.baseUrl)).toBe(0);
    expect(await db('note_emails').where({ recipient: addressOf(unverified) })).toHaveLength(0);
  });

  it('mails nobody who turned the emails off in Settings', async () => {
    const off = await kit.api('/api/user/changeSetting', {
      token: owner.token,
      json: { key: 'emailNotices', value: false },
    });
    expect(off.status).toBe(200);
    const asked = await kit.api('/api/request', {
      token: runnerUp.token,
      json: { requestedTo: owner.userId },
    });
    expect(asked.status).toBe(200);
    await eventually(
      async () =>
        (await db('notifications').where({ user_id: owner.userId, kind: 'mobileRequest' })).length,
      { what: 'the request’s notice was stored' },
    );
    // Taken by a sweep, already expired, and never sent: not when the emails are on again either.
    const taken = await eventually(
      async () => {
        const rows = await db('note_emails as e')
          .join('outbox_deliveries as d', 'd.message_id', 'e.id')
          .where({ recipient: addressOf(owner) })
          .where('subject', 'like', '%mobile number%')
          .select('d.status');
        return rows.length > 0 && rows.map((row) => row.status);
      },
      { what: 'the request’s email was taken' },
    );
    expect(taken).toEqual(['expired']);
    await kit.api('/api/user/changeSetting', {
      token: owner.token,
      json: { key: 'emailNotices', value: true },
    });
    expect((await mailsTo(owner)).map((mail) => mail.subject)).not.toContain(
      'mail_second asked for your mobile number',
    );
  });

  it('mails each notice once, however many sweeps find it', async () => {
    // Every notice so far was taken by the worker's sweeps: another finds nothing new.
    expect(await mailNewNotes(db, new Date(), app.baseUrl)).toBe(0);
    const subjects = (await mailsTo(winner, 2)).map((mail) => mail.subject);
    expect(
      subjects.filter((subject) => subject.startsWith('Yours is the highest bid')),
    ).toHaveLength(1);
  });

  it('leaves in the bell alone a notice found after it stopped being worth mailing', async () => {
    // A request logged longer ago than a notice stays worth mailing (a worker stopped as long).
    const requestedAt = new Date(Date.now() - (LIMITS.noteEmailValidHours + 1) * 3600_000);
    const requestId = randomUUID();
    const { lastPosition } = await kit.store.append(
      mobileRequestStream(owner.userId, winner.userId),
      [
        {
          type: 'MobileNumberRequested',
          data: {
            requestId,
            requestedBy: winner.userId,
            requestedTo: owner.userId,
            requestedAt: requestedAt.toISOString(),
          },
          metadata: { eventId: randomUUID(), now: requestedAt.toISOString() },
        },
      ],
      'any',
    );
    await kit.caughtUp(['notifications'], lastPosition);
    expect(await mailNewNotes(db, new Date(), app.baseUrl)).toBe(0);
    // Swept while it was fresh, it would have gone.
    expect(await mailNewNotes(db, new Date(requestedAt.getTime() + 60_000), app.baseUrl)).toBe(1);
  });

  it('never mails a notice found after its news has gone by: a final call past its deadline', async () => {
    // Logged longer ago than the worker's sweeps look, so only the sweeps below find them.
    const madeAt = new Date(Date.now() - (LIMITS.noteEmailValidHours + 1) * 3600_000);
    const deadline = new Date(madeAt.getTime() + 3600_000);
    const adId = await kit.ad(owner, { itemName: 'Late kettle' });
    const { lastPosition } = await kit.store.append(
      adStream(adId),
      [
        {
          type: 'BidPlaced',
          data: {
            adId,
            bidId: randomUUID(),
            bidderId: winner.userId,
            username: winner.username,
            bidAlias: winner.bidAlias,
            amount: 150_000,
            type: 'Open',
            phase: 'beforeFinalCall',
            placedAt: madeAt.toISOString(),
          },
          metadata: { eventId: randomUUID(), now: madeAt.toISOString() },
        },
        {
          type: 'FinalCallMade',
          data: { adId, deadline: deadline.toISOString(), madeAt: madeAt.toISOString() },
          metadata: { eventId: randomUUID(), now: madeAt.toISOString() },
        },
      ],
      'any',
    );
    await kit.caughtUp(['notifications', 'ads'], lastPosition);
    // Swept after the deadline: the final call (to the bidder) and the first bid's "You can now
    // make a final call." (to the owner) are taken, already expired, and never sent. (The worker
    // closes the ad at once, its deadline being past: the close's own notes, made now, may be
    // taken by this sweep too, or by the worker's; they are not these.)
    const sweptAt = new Date(deadline.getTime() + 60_000);
    expect(await mailNewNotes(db, sweptAt, app.baseUrl)).toBeGreaterThanOrEqual(2);
    const taken = await db('note_emails')
      .whereIn('recipient', [addressOf(owner), addressOf(winner)])
      .where((stale) =>
        stale
          .where('subject', 'First bid on Late kettle')
          .orWhere('subject', 'like', 'Final call on Late kettle:%'),
      );
    expect(taken.map((row) => new Date(row.expires_at).getTime())).toEqual([
      sweptAt.getTime(),
      sweptAt.getTime(),
    ]);
  });

  it('mails a payment with what it was for, how much, when, and its tax invoice', async () => {
    const payer = await kit.member('mail_payer', { firstname: 'Asha' });
    const { purchaseId, orderId } = await orderedSubscription(kit, payer);
    const paid = await kit.api('/api/cart/payment/', {
      token: payer.token,
      json: { ...(await payAtSandbox(app, orderId)), cart_id: purchaseId },
    });
    expect(paid.status).toBe(200);
    const purchase = await eventually(() =>
      db('purchases').where({ purchase_id: purchaseId }).whereNotNull('invoice_number').first(),
    );
    const [mail] = await mailsTo(payer);
    expect(mail!.subject).toBe(
      `Payment of ${formatAmount(Number(purchase.captured_amount))} received: Lifetime Subscription`,
    );
    expect(mail!.text).toContain(
      'Your payment was received. Your Lifetime Subscription is active.',
    );
    expect(mail!.text).toContain(
      `For: Lifetime Subscription\nPaid: ${formatAmount(Number(purchase.captured_amount))}\nOn: `,
    );
    expect(mail!.text).toContain(
      `Tax invoice: ${purchase.invoice_number} (to download under Transactions)`,
    );
    expect(mail!.text).toContain(`Open it on Boli: ${app.baseUrl}/transactions`);
  });

  it('mails a refund with the credit note that cancels its tax invoice', async () => {
    // Two tabs' purchases of the Lifetime Subscription, both paid: the second is refunded.
    const payer = await kit.member('mail_twice', { firstname: 'Ravi' });
    const orders = await subscriptionsOrderedSideBySide(kit, payer);
    for (const order of orders) await payAtSandbox(app, order.orderId);
    const refunded = await eventually(
      () =>
        db('purchases')
          .whereIn(
            'purchase_id',
            orders.map((order) => order.purchaseId),
          )
          .whereNotNull('credit_note_number')
          .first(),
      { what: 'the second purchase is refunded and credited', timeoutMs: 30_000 },
    );
    const mails = await mailsTo(payer, 2);
    const refund = mails.find((mail) => mail.subject.includes('has been refunded'));
    expect(refund?.text).toContain(
      `Credit note: ${refunded.credit_note_number}, cancelling tax invoice ${refunded.invoice_number} (both to download under Transactions)`,
    );
  });
});
