import { describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { accountDecider } from '@boli/engine/accounts/account.decider';
import { accountStream } from '@boli/engine/accounts/account.events';
import { handleCommand } from '@boli/engine/commandHandling/handleCommand';
import { createPostgresEventStore } from '@boli/engine/eventStore/postgres/postgresEventStore';
import { indiaWallClockOf } from '@boli/engine/shared/indiaTime';
import type { TestApp } from '../../ops/src/testing/app.ts';
import { payAtSandbox } from '../../ops/src/testing/sandboxPayments.ts';
import { withAppAndBrowser } from './support/harness.ts';
import { createMember, storedSession, openPage, type Member } from './support/members.ts';
import { api, postAd } from './support/payments.ts';

/*
 * The staff screens in a browser set to California time (a different calendar day from India for
 * half of every day): support replays an ad's bids and auditors read payments in India's time, the
 * time the ad page, the invoices and the audit's day filter all use.
 */

let app: TestApp;
let browser: Browser;

withAppAndBrowser((running) => ({ app, browser } = running));

const CALIFORNIA = 'America/Los_Angeles';
const ist = (instant: string, milliseconds = false) =>
  `${indiaWallClockOf(instant, { milliseconds })} IST`;

/** `member` made support and auditor, as `npm run ops -- grant-role` does, and signed in again. */
async function asStaff(member: Member): Promise<Member> {
  const store = createPostgresEventStore({ connectionString: app.databaseUrl });
  try {
    for (const role of ['support', 'auditor']) {
      await handleCommand({
        store,
        streamId: accountStream(member.userId),
        decider: accountDecider,
        command: {
          type: 'GrantRole',
          data: { role },
          metadata: {
            eventId: crypto.randomUUID(),
            now: new Date().toISOString(),
            actor: { userId: 'ops:e2e', role: 'admin' },
          },
        },
      });
    }
  } finally {
    await store.close();
  }
  const signedIn = await api(app, '/api/auth/signin', {
    json: { username: member.username, password: member.password },
  });
  const data = signedIn.body.data as { token: string; refreshToken: string };
  return { ...member, token: data.token, refreshToken: data.refreshToken };
}

describe('staff screens in India time, wherever the browser is', () => {
  it("support replays an ad as of an India time; auditors read payments' India times", async () => {
    const [owner, bidder, member] = await Promise.all([
      createMember(app, { address: true }),
      createMember(app, { address: true }),
      createMember(app, { address: true }),
    ]);
    const adId = await postAd(app, owner);
    const bid = await api(app, '/api/bid/', {
      json: { item_id: adId, bidamt: 1500, type: 'Open' },
      token: bidder.token,
    });
    expect(bid.status, JSON.stringify(bid.body)).toBe(200);
    const staff = await asStaff(member);

    // A payment for the ledger: the staff member's own subscription.
    const cart = await api(app, '/api/cart/add/lifetime/web', { token: staff.token });
    const order = cart.body.data as { _id: string; razorpay_order_id: string };
    const paid = await payAtSandbox(app, order.razorpay_order_id);
    const confirmed = await api(app, '/api/cart/payment/', {
      json: { ...paid, cart_id: order._id },
      token: staff.token,
    });
    expect(confirmed.status, JSON.stringify(confirmed.body)).toBe(200);

    const history = await api(app, `/api/support/ads/${adId}/history`, { token: staff.token });
    const [placed] = (history.body.data as { replay: { bids: { placedAt: string }[] } }).replay
      .bids;

    const { context: california, page: staffPage } = await openPage(
      browser,
      storedSession(staff),
      undefined,
      CALIFORNIA,
    );
    expect(await staffPage.evaluate('Intl.DateTimeFormat().resolvedOptions().timeZone')).toBe(
      CALIFORNIA,
    );

    // --- Support: the bid in India time, and a replay from an India time ----------------------
    await staffPage.goto(new URL(`/support/ads/${adId}`, app.baseUrl).href);
    const bids = staffPage.getByRole('table', { name: 'Bids' });
    await bids.waitFor();
    const firstBid = bids.getByRole('row').nth(1);
    expect((await firstBid.getByRole('cell').allInnerTexts())[1]).toBe(ist(placed!.placedAt, true));

    const asOf = staffPage.getByLabel('Replay as of (India time)');
    const replayAt = async (instant: number) => {
      await asOf.fill(indiaWallClockOf(new Date(instant).toISOString()).replace(' ', 'T'));
      await staffPage.getByRole('button', { name: 'Replay', exact: true }).click();
    };
    const placedAt = Date.parse(placed!.placedAt);
    await replayAt(placedAt - 2_000);
    await staffPage.getByRole('heading', { name: 'Bids (0)' }).waitFor();
    expect(await staffPage.getByTestId('replay-status').innerText()).toContain(
      ist(new Date(Math.floor((placedAt - 2_000) / 1000) * 1000).toISOString(), true),
    );
    await replayAt(placedAt + 2_000);
    await staffPage.getByRole('heading', { name: 'Bids (1)' }).waitFor();
    await staffPage.screenshot({ path: '/tmp/boli-staff-history.png', fullPage: true });

    // --- Audit: the payment at its India time -------------------------------------------------
    const ledger = await api(app, '/api/audit/payments', { token: staff.token });
    const entry = (
      ledger.body.data as { payments: { purchaseId: string; capturedAt: string | null }[] }
    ).payments.find((payment) => payment.purchaseId === order._id);
    expect(entry?.capturedAt).toBeTruthy();
    await staffPage.goto(new URL('/audit', app.baseUrl).href);
    const payments = staffPage.getByRole('table', { name: 'Payments' });
    await payments.getByText(ist(entry!.capturedAt!), { exact: true }).waitFor();
    await staffPage.screenshot({ path: '/tmp/boli-staff-audit.png', fullPage: true });
    await california.close();
  }, 180_000);
});
