import { randomUUID } from 'node:crypto';
import { SessionService } from '@boli/api/identity/sessions';
import type { Infrastructure } from '@boli/api/infrastructure';
import { accountStream, type AccountEvent } from '@boli/engine/accounts/account.events';
import { memberRegistered } from '@boli/engine/accounts/account.fixtures';
import { START, type GlobalPosition } from '@boli/engine/eventStore/eventStore';
import { waitForProjections } from '@boli/projections';

/*
 * The payments bench's members and paid purchases: members who finished sign-up (no trial, no
 * subscription) written straight to the event log and signed in, and purchases paid through the
 * sandbox gateway the way a customer pays, so the webhooks the bench sends are the gateway's own.
 */

const later = (a: GlobalPosition, b: GlobalPosition): GlobalPosition =>
  a.commit > b.commit || (a.commit === b.commit && a.prepare > b.prepare) ? a : b;

/**
 * `count` verified members with a profile (every other one in the supplier's state, so both
 * CGST + SGST and IGST quotes are made), signed in; resolves once the read models have them.
 */
export async function seedMembers(
  infra: Infrastructure,
  prefix: string,
  count: number,
): Promise<string[]> {
  const at = new Date().toISOString();
  const userIds = Array.from({ length: count }, () => randomUUID());
  let last: GlobalPosition = START;
  for (let i = 0; i < count; i += 16) {
    await Promise.all(
      userIds.slice(i, i + 16).map(async (userId, k) => {
        const n = i + k;
        const username = `${prefix}${String(n).padStart(5, '0')}`;
        const phone = `9${String(100_000_000 + n)}`;
        const events: AccountEvent[] = [
          memberRegistered(userId, username, at, {
            email: `${username}@bench.example`,
            phone,
            firstname: 'Bench',
            lastname: 'Buyer',
            bidAlias: 'zz-alias',
          }),
          { type: 'EmailVerified', data: { userId, verifiedAt: at } },
          { type: 'MobileVerified', data: { userId, phone, verifiedAt: at } },
          {
            type: 'ProfileEdited',
            data: {
              userId,
              editedAt: at,
              profile: {
                bnr: '',
                firstname: 'Bench',
                lastname: 'Buyer',
                bidAlias: 'zz-alias',
                houseno: '12',
                street: 'Lake Road',
                city: n % 2 === 0 ? 'Mysuru' : 'Pune',
                neighbourHood: '',
                district: '',
                state: n % 2 === 0 ? 'Karnataka' : 'Maharashtra',
                country: 'India',
                pincode: n % 2 === 0 ? '570001' : '411001',
                education: '',
              },
            },
          },
        ];
        const appended = await infra.store.append(
          accountStream(userId),
          events.map((event) => ({ ...event, metadata: { eventId: randomUUID(), now: at } })),
          'no-stream',
        );
        last = later(appended.lastPosition, last);
      }),
    );
  }
  if (!(await waitForProjections(infra.db, ['users', 'entitlements'], last, 60_000))) {
    throw new Error('the users read model did not catch up with the seeded members');
  }
  const sessions = new SessionService(infra.db, infra.config.JWT_SECRET);
  const tokens: string[] = [];
  for (const userId of userIds) {
    tokens.push((await sessions.issue(userId, ['member'], new Date())).token);
  }
  return tokens;
}

/**
 * Each member buys the lifetime subscription and pays it at the sandbox (`POST /sandbox/pay`,
 * a customer paying without a browser). The gateway then sends its webhooks (payment.captured,
 * order.paid) to the api, which settles the purchases; resolves with the bodies of the
 * payment.captured webhooks once the api has processed every delivery.
 */
export async function paidPurchases(
  infra: Infrastructure,
  urls: { api: string; gateway: string },
  tokens: string[],
): Promise<string[]> {
  for (let i = 0; i < tokens.length; i += 4) {
    await Promise.all(
      tokens.slice(i, i + 4).map(async (token, k) => {
        const cart = await fetch(`${urls.api}/api/cart/add/lifetime/web`, {
          headers: { authorization: `Bearer ${token}` },
        });
        const info = (await cart.json()) as { data: { razorpay_order_id: string } };
        if (cart.status !== 200) throw new Error(`cart answered ${cart.status}`);
        const paid = await fetch(`${urls.gateway}/sandbox/pay`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({
            order_id: info.data.razorpay_order_id,
            method: (i + k) % 3 === 0 ? 'card' : 'upi',
            outcome: 'success',
          }),
        });
        await paid.arrayBuffer();
        if (paid.status !== 200) throw new Error(`sandbox pay answered ${paid.status}`);
      }),
    );
  }
  const expected = tokens.length * 2;
  const deadline = Date.now() + 60_000;
  for (;;) {
    const [row] = await infra
      .db('payment_webhook_inbox')
      .where({ outcome: 'recorded' })
      .count<{ count: string }[]>('* as count');
    if (Number(row!.count) >= expected) break;
    if (Date.now() > deadline) {
      throw new Error(`only ${row!.count} of ${expected} gateway webhooks were processed`);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  const rows = await infra
    .db('sandbox_gateway_webhooks')
    .where({ event: 'payment.captured' })
    .select<{ body: string }[]>('body');
  return rows.map((row) => row.body);
}

/** The bench's own deliveries in the webhook inbox: stored, and processed by now. */
export async function inboxCounts(
  infra: Infrastructure,
  idPrefix: string,
): Promise<{ stored: number; processed: number; processedPerSecond: number }> {
  const result = await infra.db.raw<{
    rows: { stored: string; processed: string; seconds: number | null }[];
  }>(
    `SELECT count(*) AS stored, count(processed_at) AS processed,
            extract(epoch FROM max(processed_at) - min(received_at))::float8 AS seconds
       FROM payment_webhook_inbox WHERE event_id LIKE ?`,
    [`${idPrefix}%`],
  );
  const row = result.rows[0]!;
  const processed = Number(row.processed);
  return {
    stored: Number(row.stored),
    processed,
    processedPerSecond: row.seconds ? processed / row.seconds : 0,
  };
}

/**
 * Puts the bench's unprocessed deliveries off until tomorrow, so the api's background processing
 * ends before the bench closes its connections; resolves once a pass has gone quiet.
 */
export async function parkBacklog(infra: Infrastructure, idPrefix: string): Promise<void> {
  await infra
    .db('payment_webhook_inbox')
    .whereNull('processed_at')
    .andWhereLike('event_id', `${idPrefix}%`)
    .update({ next_attempt_at: infra.db.raw(`now() + interval '1 day'`) });
  const processed = async () => (await inboxCounts(infra, idPrefix)).processed;
  let last = await processed();
  let quietSince = Date.now();
  const deadline = Date.now() + 60_000;
  while (Date.now() - quietSince < 1_500 && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 250));
    const now = await processed();
    if (now !== last) [last, quietSince] = [now, Date.now()];
  }
}
