import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adSlotStream, type SlotClosed } from '@boli/engine/adspace/adSlot.events';
import { ADSPACE_MESSAGES } from '@boli/engine/adspace/adspace.messages';
import { addDays, displayDate, indiaDateOf, startOfIndiaDay } from '@boli/engine/shared/indiaTime';
import { BILLING_MESSAGES } from '@boli/engine/billing/billing.messages';
import { purchaseStream } from '@boli/engine/billing/purchase.events';
import { MESSAGES } from '@boli/engine/shared/messages';
import { audienceOf, showingSpaces } from '@boli/projections/adspace/adspace.queries';
import { startApp, type TestApp } from '../../../../ops/src/testing/app.ts';
import {
  apiKit,
  eventually,
  type ApiKit,
  type TestMember,
} from '../../../../ops/src/testing/apiKit.ts';
import { payAtSandbox, sandboxBehaviour } from '../../../../ops/src/testing/sandboxPayments.ts';
import { flowing, pdfText } from '../../../../ops/src/testing/pdfText.ts';
import { indianDateTime } from '../../payments/invoice/invoiceFormat.ts';
import { closeSlotWhenBiddingEnds } from '../../../../ops/src/jobs/slotClosing.ts';
import { sweepBilling } from '../../../../ops/src/jobs/billingSweep.ts';
import { randomUUID } from 'node:crypto';
import { adSlotDecider } from '@boli/engine/adspace/adSlot.decider';
import { handleCommand } from '@boli/engine/commandHandling/handleCommand';
import { slotBiddingEndsAt } from '@boli/engine/adspace/adSlot.rules';
import { LIMITS } from '@boli/engine/shared/limits';
import { paymentGatewayOf } from '../../infrastructure.ts';
import { createLogger } from '../../logger.ts';
import type { CheckoutDeps } from '../../payments/checkout.ts';
import type { Transaction } from '../../payments/transactions.ts';
import { billingSettingsOf } from '../billing/billingDeps.ts';
import type { PurchaseInfo } from '../../payments/purchaseInfo.ts';
import type { ActiveSpaces, SpaceView } from './views.ts';

/*
 * Issue #8's ad space and slot bids over HTTP: buy an in-stream space through the sandbox
 * gateway, give it a creative and see the site show it; bid for dated side-panel slots, read the
 * calendar, and close a slot at the start of its day (the timer's handler, on a chosen clock).
 */

let app: TestApp;
let kit: ApiKit;

const today = () => indiaDateOf(new Date().toISOString());

async function uploadCreative(member: TestMember, spaceId: string, company: string, link = '') {
  const png = await sharp({
    create: { width: 640, height: 360, channels: 3, background: '#c0392b' },
  })
    .png()
    .toBuffer();
  const form = new FormData();
  form.append('company', company);
  if (link) form.append('link', link);
  form.append('media', new Blob([new Uint8Array(png)], { type: 'image/png' }), 'banner.png');
  return kit.api(`/api/space/upload/${spaceId}`, { token: member.token, form });
}

/** What the slot timer and the billing sweep run with, as the worker builds it. */
const checkoutDeps = (): CheckoutDeps => ({
  db: kit.db,
  store: kit.store,
  gateway: paymentGatewayOf(app.config),
  logger: createLogger({ level: 'silent', name: 'test' }),
  settings: billingSettingsOf(app.config),
});

/** The member's purchases of won slots, from their transactions. */
async function slotPurchases(member: TestMember): Promise<Transaction[]> {
  const { body } = await kit.api('/api/cart/listTransactions?type=adSlot', { token: member.token });
  return (body.data as { purchases: Transaction[] }).purchases;
}

/** The member's one purchase of a won slot (waiting for its read model). */
const slotPurchase = async (member: TestMember): Promise<Transaction> =>
  (await eventually(async () => (await slotPurchases(member))[0]))!;

const bid = (member: TestMember | undefined, body: Record<string, unknown>) =>
  kit.api('/api/adbid/', { json: body, ...(member ? { token: member.token } : {}) });

beforeAll(async () => {
  app = await startApp();
  kit = apiKit(app);
});

afterAll(async () => {
  await kit?.close();
  await app?.stop();
});

describe('buying an in-stream space', () => {
  it('prices daily as quarterly, takes the payment, activates the space and shows its creative', async () => {
    const chitra = await kit.member('chitra_ads');
    const daily = await kit.api('/api/space/space?name=inStream&cycle=daily', {
      token: chitra.token,
    });
    const quarterly = await kit.api('/api/space/space?name=inStream&cycle=quarterly', {
      token: chitra.token,
    });
    expect(daily.body.data).toMatchObject({ _id: 'inStream', name: 'inStream', cycle: 'daily' });
    expect((daily.body.data as { price: number }).price).toBe(
      (quarterly.body.data as { price: number }).price,
    );

    const started = await kit.api('/api/space/add/inStream', {
      token: chitra.token,
      json: { cycle: 'monthly' },
    });
    expect(started.status).toBe(200);
    const info = started.body.data as PurchaseInfo & { advtId: string };
    expect(info).toMatchObject({ kind: 'adSpace', status: 'ordered', advtId: info._id });

    const paid = await payAtSandbox(app, info.razorpay_order_id!);
    const success = await kit.api('/api/space/payment/success', {
      token: chitra.token,
      json: { ...paid, advtId: info.advtId },
    });
    expect(success.status).toBe(200);
    expect(success.body.msg).toBe(BILLING_MESSAGES.paymentSuccessful);
    expect((success.body.data as PurchaseInfo).status).toBe('fulfilled');

    const list = await kit.api('/api/space/list?status=active', { token: chitra.token });
    const [space] = list.body.data as SpaceView[];
    expect(list.body.data).toHaveLength(1);
    expect(space).toMatchObject({
      _id: info.advtId,
      name: 'inStream',
      cycle: 'monthly',
      status: 'active',
      creative: null,
    });

    // Only the owner gives it a creative.
    const bala = await kit.member('bala_ads');
    expect((await uploadCreative(bala, info.advtId, 'Bala Motors')).status).toBe(403);
    // A link that is not a web address is refused, and nothing is shown.
    const badLink = await uploadCreative(chitra, info.advtId, 'Chitra Textiles', 'javascript:x');
    expect(badLink.status).toBe(400);
    expect(badLink.body.msg).toBe(ADSPACE_MESSAGES.creativeLinkInvalid);
    const link = 'https://chitra-textiles.example/sale';
    const uploaded = await uploadCreative(chitra, info.advtId, 'Chitra Textiles', link);
    expect(uploaded.status).toBe(200);
    expect(uploaded.body.data).toMatchObject({ galleryType: 'photos', link });

    const active = await kit.api('/api/space/active');
    const shown = (active.body.data as ActiveSpaces).inStream;
    expect(shown).toEqual([
      expect.objectContaining({
        spaceId: info.advtId,
        galleryType: 'photos',
        company: 'Chitra Textiles',
        url: expect.stringMatching(/^\/media\//),
        link,
      }),
    ]);
    const image = await fetch(`${app.baseUrl}${shown[0]!.url}`);
    expect(image.status).toBe(200);

    const galleries = await kit.api(`/api/space/galleries?spaceId=${info.advtId}`, {
      token: chitra.token,
    });
    expect(galleries.body.data).toEqual([expect.objectContaining({ url: shown[0]!.url })]);

    // Impressions and clicks are counted per space and India date.
    for (const call of ['impression', 'impression', 'click']) {
      const counted = await kit.api(`/api/space/${call}`, { json: { spaceId: info.advtId } });
      expect(counted.status).toBe(204);
    }
    expect(
      await eventually(async () => {
        const rows = await audienceOf(kit.db, info.advtId);
        return rows[0]?.impressions === 2 && rows[0]?.clicks === 1 && rows;
      }),
    ).toEqual([{ day: today(), impressions: 2, clicks: 1 }]);

    // One address adds at most LIMITS.adAudiencePerIpPerHour an hour; the rest are answered alike.
    for (let i = 0; i < LIMITS.adAudiencePerIpPerHour; i++) {
      const counted = await kit.api('/api/space/impression', { json: { spaceId: info.advtId } });
      expect(counted.status).toBe(204);
    }
    await kit.api('/api/space/click', { json: { spaceId: info.advtId } });
    // The second click is counted after every impression sent before it.
    expect(
      await eventually(async () => {
        const rows = await audienceOf(kit.db, info.advtId);
        return rows[0]?.clicks === 2 && rows;
      }),
    ).toEqual([{ day: today(), impressions: LIMITS.adAudiencePerIpPerHour, clicks: 2 }]);
  });

  it('sells daily as the quarterly value: a quarter, priced, invoiced and run as one', async () => {
    const dev = await kit.member('dev_daily_ads');
    const started = await kit.api('/api/space/add/betweenPosts', {
      token: dev.token,
      json: { cycle: 'daily' },
    });
    expect(started.status).toBe(200);
    const info = started.body.data as PurchaseInfo & { advtId: string };
    const paid = await payAtSandbox(app, info.razorpay_order_id!);
    await kit.api('/api/space/payment/success', {
      token: dev.token,
      json: { ...paid, advtId: info.advtId },
    });
    // The answer waits (bounded) for the read models: on a loaded machine they may lag it.
    const space = await eventually(async () => {
      const list = await kit.api('/api/space/list?status=active', { token: dev.token });
      return (list.body.data as (SpaceView & { startsAt: string; endsAt: string })[])[0];
    });
    expect(space).toMatchObject({ _id: info.advtId, cycle: 'quarterly' });
    const days = (Date.parse(space!.endsAt) - Date.parse(space!.startsAt)) / 86_400_000;
    expect(days).toBeGreaterThanOrEqual(89);
    expect(days).toBeLessThanOrEqual(92);
    // The transaction says when what it bought ends: the space's end.
    const transactions = await kit.api('/api/cart/listTransactions?type=adSpace', {
      token: dev.token,
    });
    const [bought] = (
      transactions.body.data as { purchases: { _id: string; items: { expiryDate: string }[] }[] }
    ).purchases;
    expect(bought).toMatchObject({ _id: info._id, items: [{ expiryDate: space!.endsAt }] });
    const purchase = await kit.store.readStream(purchaseStream(info._id));
    const created = purchase.find((event) => event.type === 'PurchaseCreated')!.data as {
      subject: { cycle: string };
      lines: { name: string; cycle: string }[];
    };
    expect(created.subject.cycle).toBe('quarterly');
    expect(created.lines).toEqual([
      expect.objectContaining({ name: 'Ad space: Between posts, Quarterly', cycle: 'quarterly' }),
    ]);
    // Its tax invoice states the quarter it runs, as the space recorded it.
    const invoice = await fetch(`${app.baseUrl}/api/invoices/${info._id}`, {
      headers: { authorization: `Bearer ${dev.token}` },
    });
    expect(invoice.status).toBe(200);
    expect(flowing(pdfText(Buffer.from(await invoice.arrayBuffer())))).toContain(
      `Service period: ${indianDateTime(space!.startsAt)} until ${indianDateTime(space!.endsAt)}`,
    );
  });

  /** The member starts buying a space between posts for `cycle`: its purchase and space. */
  const startSpace = async (dev: { token: string }, cycle: string) => {
    const started = await kit.api('/api/space/add/betweenPosts', {
      token: dev.token,
      json: { cycle },
    });
    expect(started.status).toBe(200);
    return started.body.data as PurchaseInfo & { advtId: string };
  };

  it('pays the space left unpaid when its checkout is opened again for the same cycle', async () => {
    const dev = await kit.member('dev_space_again');
    const start = (cycle: string) => startSpace(dev, cycle);
    const first = await start('quarterly');
    await eventually(async () => {
      const listed = await kit.api('/api/cart/listTransactions?type=adSpace', { token: dev.token });
      return (listed.body.data as { purchases: { _id: string }[] }).purchases.length === 1;
    });
    // Daily is sold as the quarter: the same space and order. A month is another space.
    const again = await start('daily');
    expect([again.advtId, again._id, again.razorpay_order_id]).toEqual([
      first.advtId,
      first._id,
      first.razorpay_order_id,
    ]);
    expect((await start('monthly')).advtId).not.toBe(first.advtId);
  });

  it('opens a new order, not the one paid at the gateway that Boli has not heard of yet', async () => {
    const dev = await kit.member('dev_space_unheard');
    const start = () => startSpace(dev, 'quarterly');
    const first = await start();
    await eventually(async () => {
      const listed = await kit.api('/api/cart/listTransactions?type=adSpace', { token: dev.token });
      return (listed.body.data as { purchases: { _id: string }[] }).purchases.length === 1;
    });
    // Paid, but the tab closed before its success call and the webhook is still on its way.
    await sandboxBehaviour(app, { dropWebhooks: true });
    try {
      await payAtSandbox(app, first.razorpay_order_id!);
      const again = await start();
      // The gateway would refuse the paid order ('Order has already been paid').
      expect(again._id).not.toBe(first._id);
      expect(again.razorpay_order_id).not.toBe(first.razorpay_order_id);
    } finally {
      await sandboxBehaviour(app, { dropWebhooks: false });
    }
  });

  it('offers no Pay now on an unpaid space the member has paid for since, and starts a new one', async () => {
    const dev = await kit.member('dev_space_bought');
    const start = () => startSpace(dev, 'quarterly');
    // Two tabs start at once, before either purchase is recorded; the member pays the second.
    const [first, second] = await Promise.all([start(), start()]);
    expect(first._id).not.toBe(second._id);
    const paid = await payAtSandbox(app, second.razorpay_order_id!);
    const success = await kit.api('/api/space/payment/success', {
      token: dev.token,
      json: { ...paid, advtId: second.advtId },
    });
    expect(success.status).toBe(200);

    // The first would buy a second space by mistake: not needed, and not payable from the list.
    const payable = await kit.api(`/api/purchases/${first._id}/payable`, { token: dev.token });
    expect(payable).toMatchObject({
      status: 409,
      body: { msg: BILLING_MESSAGES.unpaidAdSpaceBought, code: 'AD_SPACE_BOUGHT' },
    });
    const listed = await eventually(async () => {
      const list = await kit.api('/api/cart/listTransactions?type=adSpace', { token: dev.token });
      const rows = (list.body.data as { purchases: Transaction[] }).purchases;
      const row = rows.find((purchase) => purchase._id === first._id);
      return row?.message === BILLING_MESSAGES.unpaidAdSpaceBought && row;
    });
    expect(listed.payBy).toBeNull();
    // Buying the same space again is a purchase of its own, not the one left behind.
    const third = await start();
    expect([first._id, second._id]).not.toContain(third._id);
  });

  it('sends authPages and sidePanels buyers to the calendar', async () => {
    const dev = await kit.member('dev_ads');
    const refused = await kit.api('/api/space/add/sidePanels', {
      token: dev.token,
      json: { cycle: 'monthly' },
    });
    expect(refused.status).toBe(400);
    expect(refused.body.msg).toBe(ADSPACE_MESSAGES.selectDatesInCalendar);
  });
});

describe('slot bids', () => {
  const slotdate = () => addDays(today(), 3);

  it('needs a login', async () => {
    const { status, body } = await bid(undefined, {
      type: 'sidePanels',
      bidamt: 250_000,
      slotdate: slotdate(),
    });
    expect(status).toBe(401);
    expect(body.msg).toBe(MESSAGES.pleaseLoginFirst);
  });

  it('keeps the same bid sent from two tabs once, answering both', async () => {
    const tabs = await kit.member('two_tabs_ads');
    const date = addDays(today(), 40);
    const same = { type: 'sidePanels', bidamt: 251_000, slotdate: date, company: 'Tab Teas' };
    const answers = await Promise.all([bid(tabs, same), bid(tabs, same)]);
    expect(answers.map((answer) => answer.status)).toEqual([200, 200]);
    expect(answers.map((answer) => answer.body.msg)).toEqual([
      MESSAGES.adBidPosted,
      MESSAGES.adBidPosted,
    ]);
    const listed = await kit.api(`/api/adbid/bids?slotdate=${date}&type=sidePanels`, {
      token: tabs.token,
    });
    const mine = (listed.body.data as { company: string }[]).filter(
      (slotBid) => slotBid.company === 'Tab Teas',
    );
    expect(mine).toHaveLength(1);
  });

  it('refuses a member without a subscription or trial, saying where to subscribe', async () => {
    const lapsed = await kit.member('lapsed_ads', { entitled: false });
    const refused = await bid(lapsed, {
      type: 'sidePanels',
      bidamt: 250_000,
      slotdate: slotdate(),
    });
    expect(refused.status).toBe(403);
    expect(refused.body).toMatchObject({
      msg: MESSAGES.pleaseSubscribe,
      data: { subscribeAt: '/subscription' },
    });
  });

  it("quotes what the winner would pay: the bid, its GST by the member's state, the total", async () => {
    const quote = (member: TestMember, bidamt: string) =>
      kit.api(`/api/adbid/purchaseInfo?slotdate=${slotdate()}&type=sidePanels&bidamt=${bidamt}`, {
        token: member.token,
      });
    // Another state than the supplier's (Karnataka): IGST at the full rate, worked in paise.
    const gujarat = await kit.member('gita_gujarat', { state: 'Gujarat' });
    const across = await quote(gujarat, '200000.50');
    expect(across.status).toBe(200);
    expect(across.body.data).toMatchObject({
      kind: 'adSlot',
      totalPrice: 200_000.5,
      taxIGSTPercent: 18,
      taxIGSTAmount: 36_000.09,
      taxSGSTAmount: 0,
      taxCGSTAmount: 0,
      totalPriceAfterTax: 236_000.59,
    });
    // The supplier's state: CGST and SGST, each half the rate.
    const karnataka = await kit.member('kiran_karnataka');
    const within = await quote(karnataka, '250000');
    expect(within.body.data).toMatchObject({
      totalPrice: 250_000,
      taxSGSTPercent: 9,
      taxCGSTPercent: 9,
      taxSGSTAmount: 22_500,
      taxCGSTAmount: 22_500,
      taxIGSTAmount: 0,
      totalPriceAfterTax: 295_000,
    });
    // Asking buys nothing.
    expect(await slotPurchases(gujarat)).toEqual([]);
    for (const bidamt of ['abc', '0', '-5']) {
      const refused = await quote(gujarat, bidamt);
      expect(refused.status).toBe(400);
      expect(refused.body.msg).toBe(MESSAGES.pleaseEnterAllDetails);
    }
  });

  it('refuses missing details, amounts not above the base, slots dated yesterday or over a year ahead', async () => {
    const esha = await kit.member('esha_ads');
    const missing = await bid(esha, { bidamt: 250_000, slotdate: slotdate() });
    expect(missing.status).toBe(400);
    expect(missing.body.msg).toBe(MESSAGES.pleaseEnterAllDetails);

    const atBase = await bid(esha, { type: 'sidePanels', bidamt: 200_000, slotdate: slotdate() });
    expect(atBase.status).toBe(400);
    expect(atBase.body.msg).toBe(MESSAGES.slotBidBelowBase);
    expect(atBase.body.data).toEqual({ actionMessage: MESSAGES.slotBidBelowBaseAction });

    const past = await bid(esha, {
      type: 'sidePanels',
      bidamt: 250_000,
      slotdate: addDays(today(), -1),
    });
    expect(past.status).toBe(400);
    expect(past.body.msg).toBe(ADSPACE_MESSAGES.slotDatePassed);

    const tooFar = await bid(esha, {
      type: 'sidePanels',
      bidamt: 250_000,
      slotdate: addDays(today(), LIMITS.slotBidDaysAhead + 1),
    });
    expect(tooFar.status).toBe(400);
    expect(tooFar.body.msg).toBe(ADSPACE_MESSAGES.slotDateTooFar);
  });

  it('shows each date with its highest bid, and closes the slot for the highest bid at 00:00 IST', async () => {
    const farid = await kit.member('farid_ads');
    const gita = await kit.member('gita_ads');
    const first = await bid(farid, {
      type: 'sidePanels',
      bidamt: 250_000,
      slotdate: slotdate(),
      company: 'Farid Foods',
    });
    expect(first.status).toBe(200);
    expect(first.body.msg).toBe(MESSAGES.adBidPosted);
    await bid(gita, {
      type: 'sidePanels',
      bidamt: 300_000.5,
      slotdate: slotdate(),
      company: 'Gita Gold',
    });
    // Other bidders know the slot's bids by company: nobody bids under another's, look-alike or not.
    const copied = await bid(farid, {
      type: 'sidePanels',
      bidamt: 310_000,
      slotdate: slotdate(),
      company: 'GITA  gold.',
    });
    expect(copied.status).toBe(409);
    expect(copied.body.msg).toBe(MESSAGES.companyNameTaken);
    await bid(farid, {
      type: 'sidePanels',
      bidamt: 210_000,
      slotdate: addDays(today(), 4),
      company: 'Farid Foods',
    });

    const events = await kit.api(
      `/api/adbid/bid-events?from=${today()}&to=${addDays(today(), 10)}&type=sidePanels`,
      { token: farid.token },
    );
    expect(events.body.data).toEqual([
      { slotdate: slotdate(), amount: 300_000.5, type: 'sidePanels', bids: 2, closed: false },
      {
        slotdate: addDays(today(), 4),
        amount: 210_000,
        type: 'sidePanels',
        bids: 1,
        closed: false,
      },
    ]);
    const bids = await kit.api(`/api/adbid/bids?slotdate=${slotdate()}&type=sidePanels`, {
      token: farid.token,
    });
    const seen = bids.body.data as {
      username?: string;
      user_id?: string;
      company: string;
      bidamt: number;
    }[];
    expect(seen.map((b) => b.bidamt)).toEqual([300_000.5, 250_000]);
    // A competing bidder shows under the company only; the bidder sees their own login.
    expect(seen[0]).toMatchObject({ company: 'Gita Gold' });
    expect(seen[0]).not.toHaveProperty('username');
    expect(seen[0]).not.toHaveProperty('user_id');
    expect(JSON.stringify(seen)).not.toContain(gita.username);
    expect(seen[1]).toMatchObject({ username: farid.username, user_id: farid.userId });
    // Without a type, the date's bids of both types, by type.
    await bid(farid, {
      type: 'authPages',
      bidamt: 220_000,
      slotdate: slotdate(),
      company: 'Farid',
    });
    const both = await kit.api(`/api/adbid/bids?slotdate=${slotdate()}`, { token: farid.token });
    expect(both.status).toBe(200);
    expect(
      (both.body.data as { type: string; bidamt: number }[]).map((b) => [b.type, b.bidamt]),
    ).toEqual([
      ['authPages', 220_000],
      ['sidePanels', 300_000.5],
      ['sidePanels', 250_000],
    ]);
    // Farid lost the lead to Gita, and is told, with a link to the slot's bid page.
    const outbid = await eventually(async () => {
      const { body } = await kit.api('/api/notification', { token: farid.token });
      return (body.data as { kind: string; message: string; slot: unknown }[]).find(
        (note) => note.kind === 'slotOutbid',
      );
    });
    expect(outbid).toMatchObject({
      message: `You have been outbid on the Side panels slot for ${displayDate(slotdate())}: a bid of ₹3,00,000.50 was placed.`,
      slot: { type: 'sidePanels', slotdate: slotdate() },
    });

    // The timer's handler on a clock just past the end of bidding, a day before the date.
    const biddingEnd = Date.parse(slotBiddingEndsAt(slotdate()));
    const clock = () => biddingEnd + 1_000;
    const job = { type: 'sidePanels' as const, slotdate: slotdate() };
    const outcome = await closeSlotWhenBiddingEnds(checkoutDeps(), job, clock);
    const payBy = new Date(biddingEnd + 1_000 + LIMITS.slotPayWithinHours * 3_600_000);
    expect(outcome).toEqual({
      closed: true,
      offeredBidId: expect.any(String),
      payBy: payBy.toISOString(),
    });
    // Run again (BullMQ re-runs a stalled job): the same close and offer are found, nothing added.
    expect(await closeSlotWhenBiddingEnds(checkoutDeps(), job, clock)).toEqual(outcome);
    const stream = await kit.store.readStream(adSlotStream('sidePanels', slotdate()));
    expect(stream.filter((event) => event.type === 'SlotClosed')).toHaveLength(1);
    const offers = stream.filter((event) => event.type === 'SlotOffered');
    expect(offers).toHaveLength(1);
    const closing = stream.find((event) => event.type === 'SlotClosed')!;
    expect((closing.data as SlotClosed['data']).winner).toMatchObject({
      bidId: outcome.offeredBidId,
      userId: gita.userId,
      company: 'Gita Gold',
      bidamt: 30_000_050,
    });

    // The winner is asked to pay their bid plus GST: a purchase waits in their transactions.
    const offered = await slotPurchase(gita);
    expect(offered).toMatchObject({
      kind: 'adSlot',
      status: 'ordered',
      items: [
        {
          name: `Ad slot: Side panels, ${displayDate(slotdate())}`,
          price: 300_000.5,
          cycle: 'daily',
        },
      ],
      totalPrice: 300_000.5,
      payBy: payBy.toISOString(),
    });
    expect(offered.totalPriceAfterTax).toBeGreaterThan(offered.totalPrice);
    const payable = await kit.api(`/api/purchases/${offered._id}/payable`, {
      token: gita.token,
    });
    expect(payable.status).toBe(200);
    const info = payable.body.data as PurchaseInfo;
    const paid = await payAtSandbox(app, info.razorpay_order_id!);
    const success = await kit.api('/api/space/payment/success', {
      token: gita.token,
      json: { ...paid, advtId: offered._id },
    });
    expect(success.status).toBe(200);
    expect((success.body.data as PurchaseInfo).status).toBe('fulfilled');
    const sold = (await kit.store.readStream(adSlotStream('sidePanels', slotdate()))).filter(
      (event) => event.type === 'SlotSold',
    );
    expect(sold.map((event) => event.data)).toEqual([
      expect.objectContaining({ userId: gita.userId, purchaseId: offered._id }),
    ]);

    // Gita is told, and her notice leads to where its creative is added (purchaseOutcome).
    const told = await eventually(async () => {
      const { body } = await kit.api('/api/notification', { token: gita.token });
      const notes = body.data as { kind: string; purchaseOutcome: string | null }[];
      return notes.find((note) => note.kind === 'purchaseFulfilled');
    });
    expect(told!.purchaseOutcome).toBe('adSlotSold');

    // Paid before the day: the space runs the whole of it; its creative shows on the date.
    const dayStart = Date.parse(startOfIndiaDay(slotdate()));
    const spaces = await eventually(async () => {
      const list = await kit.api('/api/space/list?status=all', { token: gita.token });
      const found = list.body.data as SpaceView[];
      return found.length > 0 && found;
    });
    expect(spaces).toEqual([
      expect.objectContaining({
        _id: `slot-sidePanels-${slotdate()}`,
        name: 'sidePanels',
        cycle: 'daily',
        startsAt: new Date(dayStart).toISOString(),
        status: 'scheduled',
        company: 'Gita Gold',
      }),
    ]);
    // Its tax invoice states the day it runs, midnight to midnight in India.
    const invoice = await fetch(`${app.baseUrl}/api/invoices/${offered._id}`, {
      headers: { authorization: `Bearer ${gita.token}` },
    });
    expect(flowing(pdfText(Buffer.from(await invoice.arrayBuffer())))).toContain(
      `Service period: ${displayDate(slotdate())} 00:00 IST until ${displayDate(addDays(slotdate(), 1))} 00:00 IST`,
    );
    expect((await uploadCreative(gita, spaces[0]!._id, '')).status).toBe(200);
    const onTheDay = await showingSpaces(kit.db, new Date(dayStart + 3_600_000));
    expect(onTheDay.map((space) => [space.spaceId, space.company])).toContainEqual([
      `slot-sidePanels-${slotdate()}`,
      'Gita Gold',
    ]);
    expect(await showingSpaces(kit.db, new Date())).not.toContainEqual(
      expect.objectContaining({ spaceId: `slot-sidePanels-${slotdate()}` }),
    );
    // Farid, outbid, was never asked to pay.
    expect(await slotPurchases(farid)).toEqual([]);
  });

  it('says a slot with no bid is unsold once its bidding time is over, and open till then', async () => {
    const member = await kit.member('kiran_ads');
    const standing = async (date: string) =>
      (await kit.api(`/api/adbid/slot?type=sidePanels&slotdate=${date}`, { token: member.token }))
        .body.data;
    // Tomorrow's bidding ended at 00:00 India time today; the day after's is still on.
    expect(await standing(addDays(today(), 1))).toMatchObject({ closed: true, status: 'unsold' });
    expect(await standing(addDays(today(), 2))).toMatchObject({ closed: false, status: 'open' });
  });

  it('passes an offer left unpaid to the next bidder, and leaves the slot unsold when nobody pays', async () => {
    const hari = await kit.member('hari_ads');
    const indu = await kit.member('indu_ads');
    const date = addDays(today(), 6);
    await bid(hari, { type: 'authPages', bidamt: 400_000, slotdate: date, company: 'Hari Hotels' });
    await bid(indu, { type: 'authPages', bidamt: 350_000, slotdate: date, company: 'Indu Inks' });
    await bid(hari, { type: 'authPages', bidamt: 300_000, slotdate: date, company: 'Hari Hotels' });
    const biddingEnd = Date.parse(slotBiddingEndsAt(date));
    const job = { type: 'authPages' as const, slotdate: date };
    await closeSlotWhenBiddingEnds(checkoutDeps(), job, () => biddingEnd);
    const hariOffer = await slotPurchase(hari);
    const slotFor = async (member: TestMember) =>
      (await kit.api(`/api/adbid/slot?type=authPages&slotdate=${date}`, { token: member.token }))
        .body.data;
    // While Hari may pay, Indu is told the slot is hers next should he not.
    expect(await slotFor(indu)).toMatchObject({ status: 'offered', yours: false, next: true });
    expect(await slotFor(hari)).toMatchObject({ yours: true, next: false });

    // Past Hari's time to pay, the sweep asks the gateway, offers the slot to Indu (not to Hari's
    // own lower bid), and expires Hari's purchase.
    const afterHari = new Date(Date.parse(hariOffer.payBy!) + 1_000);
    await eventually(async () => {
      await sweepBilling(checkoutDeps(), { now: afterHari, reconcilePending: false });
      return (await slotPurchases(indu)).length === 1;
    });
    const induOffer = await slotPurchase(indu);
    expect(induOffer).toMatchObject({ totalPrice: 350_000, payBy: expect.any(String) });
    // The slot's bid page tells each where it stands: Indu is to pay, Hari's offer ran out.
    expect(await slotFor(indu)).toMatchObject({
      status: 'offered',
      yours: true,
      bidamt: 350_000,
      lapsed: false,
    });
    expect(await slotFor(hari)).toMatchObject({
      status: 'offered',
      yours: false,
      lapsed: true,
      next: false,
    });
    const lapsed = await kit.api(`/api/purchases/${hariOffer._id}/payable`, {
      token: hari.token,
    });
    expect(lapsed.status).toBe(409);
    expect(lapsed.body.msg).toBe(ADSPACE_MESSAGES.slotOfferLapsed);
    // Hari's row says why it lapsed, and Hari is told.
    await eventually(async () => (await slotPurchases(hari))[0]?.status === 'expired');
    expect((await slotPurchases(hari))[0]!.message).toBe(ADSPACE_MESSAGES.slotOfferLapsed);
    const told = await eventually(async () => {
      const { body } = await kit.api('/api/notification', { token: hari.token });
      const notes = body.data as { kind: string; message: string }[];
      return notes.find((note) => note.kind === 'slotOfferLapsed');
    });
    expect(told!.message).toBe(
      `Your time to pay for the Auth pages slot for ${displayDate(date)} ran out, so the slot is no longer yours.`,
    );

    // Nobody left after Indu: the slot stays unsold.
    const afterIndu = new Date(Date.parse(induOffer.payBy!) + 1_000);
    await eventually(async () => {
      await sweepBilling(checkoutDeps(), { now: afterIndu, reconcilePending: false });
      const stream = await kit.store.readStream(adSlotStream('authPages', date));
      return stream.some((event) => event.type === 'SlotUnsold');
    });
    const stream = await kit.store.readStream(adSlotStream('authPages', date));
    expect(stream.filter((event) => event.type === 'SlotOffered')).toHaveLength(2);
    expect(await slotPurchases(hari)).toHaveLength(1);

    // Support reads the whole story: the bids ranked, each offer and where its purchase stands.
    const support = await kit.member('support_slots', { roles: ['member', 'support'] });
    const story = await kit.api(`/api/support/slots/authPages/${date}`, { token: support.token });
    expect(story.status).toBe(200);
    expect(story.body.data).toMatchObject({
      type: 'authPages',
      slotdate: date,
      biddingEndsAt: slotBiddingEndsAt(date),
      bids: [
        { username: hari.username, amount: 400_000, company: 'Hari Hotels' },
        { username: indu.username, amount: 350_000 },
        { username: hari.username, amount: 300_000 },
      ],
      offers: [
        { userId: hari.userId, purchaseId: hariOffer._id, purchaseStatus: 'expired' },
        { userId: indu.userId, purchaseId: induOffer._id, purchaseStatus: 'expired' },
      ],
      sold: null,
      unsold: true,
      chain: { ok: true },
    });
    expect(
      (await kit.api(`/api/support/slots/authPages/${date}`, { token: hari.token })).status,
    ).toBe(403);
    const none = await kit.api(`/api/support/slots/authPages/${addDays(date, 100)}`, {
      token: support.token,
    });
    expect([none.status, none.body.msg]).toEqual([404, ADSPACE_MESSAGES.slotHasNoBids]);
  });

  it('offers a slot the timer closed but stopped short of offering, from the billing sweep', async () => {
    const jaya = await kit.member('jaya_ads');
    const date = addDays(today(), 8);
    await bid(jaya, { type: 'sidePanels', bidamt: 260_000, slotdate: date, company: 'Jaya Jams' });
    const biddingEnd = slotBiddingEndsAt(date);
    // The close alone, as a timer that stopped before its offer (or whose gateway was away).
    await handleCommand({
      store: kit.store,
      streamId: adSlotStream('sidePanels', date),
      decider: adSlotDecider,
      command: {
        type: 'CloseSlot',
        data: { type: 'sidePanels', slotdate: date },
        metadata: { eventId: randomUUID(), now: biddingEnd },
      },
    });
    expect(await slotPurchases(jaya)).toEqual([]);
    const inAMinute = new Date(Date.parse(biddingEnd) + 60_000);
    await eventually(async () => {
      await sweepBilling(checkoutDeps(), { now: inAMinute, reconcilePending: true });
      return (await slotPurchases(jaya)).length === 1;
    });
    expect(await slotPurchase(jaya)).toMatchObject({ kind: 'adSlot', totalPrice: 260_000 });
  });
});
