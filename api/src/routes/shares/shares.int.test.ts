import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BILLING_MESSAGES } from '@boli/engine/billing/billing.messages';
import { purchaseStream } from '@boli/engine/billing/purchase.events';
import { MESSAGES } from '@boli/engine/shared/messages';
import { shareBidsStream } from '@boli/engine/shares/shareBid.events';
import type { ShareBidView } from '@boli/projections/shares/shareBidView';
import { startApp, type TestApp } from '../../../../ops/src/testing/app.ts';
import { apiKit, type ApiKit, type TestMember } from '../../../../ops/src/testing/apiKit.ts';
import { payAtSandbox, purchaseListedWith } from '../../../../ops/src/testing/sandboxPayments.ts';
import { deliver, shareBidIdOfFee } from '../../payments/fulfilment.ts';
import type { PurchaseInfo } from '../../payments/purchaseInfo.ts';
import { loadPurchase, systemMetadata } from '../../payments/purchaseStore.ts';
import type { Transaction } from '../../payments/transactions.ts';

/*
 * Issue #8's share bids over HTTP against the sandbox gateway: a member pays the buy-share bid fee
 * with their first bid, which is posted once the payment is captured; from then on their bids are
 * posted directly. Nobody pays for a bid that would be refused.
 */

let app: TestApp;
let kit: ApiKit;

type BidList = { data: ShareBidView[]; page: number; totalPages: number; total: number };

const bids = async (member: TestMember, query = '') =>
  (await kit.api(`/api/buyShare/bids${query}`, { token: member.token })).body.data as BidList;

const hasPaidToBuyShare = async (member: TestMember) =>
  (
    (await kit.api('/api/user', { token: member.token })).body.data as {
      hasPaidToBuyShare: boolean;
    }
  ).hasPaidToBuyShare;

const shareBid = (member: TestMember, bid: Record<string, unknown>) => ({
  user_id: member.userId,
  username: member.username,
  type: 'Open',
  ...bid,
});

beforeAll(async () => {
  app = await startApp();
  kit = apiKit(app);
});

afterAll(async () => {
  await kit?.close();
  await app?.stop();
});

describe('share bids', () => {
  it('takes the fee with the first bid, posts that bid once paid, then posts bids directly', async () => {
    const asha = await kit.member('asha_shares', { state: 'Karnataka' });
    expect(await hasPaidToBuyShare(asha)).toBe(false);

    // Without the fee a bid is refused, asking for it.
    const refused = await kit.api('/api/buyShare/', {
      token: asha.token,
      json: shareBid(asha, { company: 'Mango Traders', bidamt: 25_000 }),
    });
    expect(refused.status).toBe(403);
    expect(refused.body.msg).toBe(MESSAGES.shareFeeRequired);

    const quote = await kit.api('/api/buyShare/purchaseInfo?bidamt=25000', { token: asha.token });
    expect(quote.body.data).toMatchObject({
      kind: 'shareFee',
      name: 'Buy-share bid fee',
      totalPrice: 199,
      taxSGSTPercent: 9,
      taxCGSTPercent: 9,
      taxSGSTAmount: 17.91,
      taxCGSTAmount: 17.91,
      totalPriceAfterTax: 234.82,
    });

    // Typed with stray spaces: the purchase names the company as the bid will keep it.
    const added = await kit.api('/api/buyShare/add', {
      token: asha.token,
      json: shareBid(asha, { company: ' Mango   Traders', bidamt: '25000.50', type: 'Hidden' }),
    });
    expect(added.status).toBe(200);
    const order = added.body.data as PurchaseInfo;
    expect(order).toMatchObject({
      kind: 'shareFee',
      status: 'ordered',
      totalPriceAfterTax: 234.82,
    });
    expect(order.checkout?.amount).toBe(23_482);
    // Nothing is posted before the payment.
    expect((await bids(asha)).total).toBe(0);

    const paid = await payAtSandbox(app, order.razorpay_order_id!);
    const success = await kit.api('/api/buyShare/payment/success', {
      token: asha.token,
      json: { ...paid, purchaseId: order._id },
    });
    expect(success.status).toBe(200);
    expect(success.body.msg).toBe(MESSAGES.bidPosted);
    expect((success.body.data as PurchaseInfo).status).toBe('fulfilled');

    expect((await bids(asha)).data).toEqual([
      expect.objectContaining({
        _id: shareBidIdOfFee(order._id),
        company: 'Mango Traders',
        user_id: asha.userId,
        bidamt: 25_000.5,
        type: 'Hidden',
        isOwnBid: true,
      }),
    ]);
    expect(await hasPaidToBuyShare(asha)).toBe(true);

    const purchases = await kit.api('/api/buyShare/listPurchases?page=0', { token: asha.token });
    const { purchases: rows } = purchases.body.data as { purchases: Transaction[] };
    expect(rows.map((row) => [row._id, row.kind, row.status, row.bid?.by])).toEqual([
      [order._id, 'shareFee', 'fulfilled', 'Mango Traders'],
    ]);

    // Paid once: the next bid is posted directly, and the fee is not taken again.
    const direct = await kit.api('/api/buyShare/', {
      token: asha.token,
      json: shareBid(asha, { company: 'Mango Traders', bidamt: 30_000 }),
    });
    expect(direct.status).toBe(200);
    expect(direct.body.msg).toBe(MESSAGES.bidPosted);
    expect((direct.body.data as BidList).data.map((bid) => bid.bidamt)).toEqual([30_000, 25_000.5]);
    const again = await kit.api('/api/buyShare/add', {
      token: asha.token,
      json: shareBid(asha, { company: 'Mango Traders', bidamt: 1 }),
    });
    expect(again.status).toBe(409);
    expect(again.body.msg).toBe(MESSAGES.shareFeeAlreadyPaid);
    // A page that has not heard of the payment asks the fee's quote with its bid: told the same,
    // it posts the bid directly. The quote alone (the price shown on /buyShare) is still given.
    const stale = await kit.api(
      '/api/buyShare/purchaseInfo?bidamt=1&type=Open&company=Mango%20Traders',
      { token: asha.token },
    );
    expect([stale.status, stale.body.code]).toEqual([409, 'SHARE_FEE_ALREADY_PAID']);
    const price = await kit.api('/api/buyShare/purchaseInfo', { token: asha.token });
    expect(price.status).toBe(200);

    // Delivering the purchase again (a webhook or the reconciler arriving late) posts nothing new.
    const state = await loadPurchase(kit.store, order._id);
    expect(await deliver(kit.store, state, systemMetadata())).toEqual({
      delivered: { type: 'shareFeePaid', company: 'Mango Traders' },
    });
    const stream = await kit.store.readStream(shareBidsStream('Mango Traders'));
    expect(stream.map((event) => event.type)).toEqual(['ShareBidPlaced', 'ShareBidPlaced']);

    // Others see the company name and Open amounts, never who bid or a Hidden amount.
    const bala = await kit.member('bala_shares');
    expect((await bids(bala)).data).toEqual([
      expect.objectContaining({ company: 'Mango Traders', bidamt: 30_000, isOwnBid: false }),
      expect.objectContaining({ company: 'Mango Traders', bidamt: null, isOwnBid: false }),
    ]);
    expect((await bids(bala)).data[0]).not.toHaveProperty('user_id');
    expect((await bids(bala, '?mine=true')).total).toBe(0);
  });

  it('a fee paid twice, from two checkouts opened side by side, posts both bids and refunds the second', async () => {
    const kiran = await kit.member('kiran_two_fees', { state: 'Karnataka' });
    const open = async (bidamt: number) => {
      const added = await kit.api('/api/buyShare/add', {
        token: kiran.token,
        json: shareBid(kiran, { company: 'Zephyr Holdings', bidamt }),
      });
      expect(added.status).toBe(200);
      return added.body.data as PurchaseInfo;
    };
    const [first, second] = [await open(150), await open(175)];
    const pay = async (order: PurchaseInfo) => {
      const paid = await payAtSandbox(app, order.razorpay_order_id!);
      return kit.api('/api/buyShare/payment/success', {
        token: kiran.token,
        json: { ...paid, purchaseId: order._id },
      });
    };
    const firstPaid = await pay(first);
    expect(firstPaid.body.msg).toBe(MESSAGES.bidPosted);
    const secondPaid = await pay(second);
    expect(secondPaid.status).toBe(200);
    expect(secondPaid.body.msg).toBe(BILLING_MESSAGES.shareFeeRefundedAlreadyPaid);
    expect((secondPaid.body.data as PurchaseInfo).status).toMatch(/^refund(Pending|ed)$/);

    // The member asked for both bids and the first fee covers them: both are posted.
    expect((await bids(kiran, '?mine=true')).data.map((bid) => bid._id)).toEqual(
      expect.arrayContaining([shareBidIdOfFee(first._id), shareBidIdOfFee(second._id)]),
    );
    const refunds = (await kit.store.readStream(purchaseStream(second._id))).filter(
      (event) => event.type === 'RefundRequested',
    );
    expect(refunds.map((event) => (event.data as { reason: string }).reason)).toEqual([
      'alreadyOwned',
    ]);
    // Settling the first again (a late webhook) still delivers it: the claim is its own.
    expect(
      await deliver(kit.store, await loadPurchase(kit.store, first._id), systemMetadata()),
    ).toEqual({ delivered: { type: 'shareFeePaid', company: 'Zephyr Holdings' } });
  });

  it('offers no Pay now on a fee left unpaid once another attempt paid it, and refuses it', async () => {
    const dara = await kit.member('dara_shares');
    const start = async (bidamt: number) =>
      (
        await kit.api('/api/buyShare/add', {
          token: dara.token,
          json: shareBid(dara, { company: 'Lotus Capital', bidamt }),
        })
      ).body.data as PurchaseInfo;
    // The first checkout is closed unpaid; the member starts again, for another amount, and
    // pays the second. (The same bid again would pay the first's order, once the purchases read
    // model has it: `LIMITS.purchaseReuseMinutesLeft`. The amounts keep the two apart, however
    // fast that read model is.)
    const left = await start(5_000);
    const second = await start(6_000);
    expect(second._id).not.toBe(left._id);
    const paid = await payAtSandbox(app, second.razorpay_order_id!);
    const success = await kit.api('/api/buyShare/payment/success', {
      token: dara.token,
      json: { ...paid, purchaseId: second._id },
    });
    expect((success.body.data as PurchaseInfo).status).toBe('fulfilled');

    // Pay now on the first would charge the one-time fee again, only to refund it.
    const payable = await kit.api(`/api/purchases/${left._id}/payable`, { token: dara.token });
    expect(payable).toMatchObject({
      status: 409,
      body: { msg: BILLING_MESSAGES.unpaidShareFeeNotNeeded, code: 'SHARE_FEE_ALREADY_PAID' },
    });
    for (const list of [
      '/api/buyShare/listPurchases?page=0',
      '/api/cart/listTransactions?page=0',
    ]) {
      const notNeeded = BILLING_MESSAGES.unpaidShareFeeNotNeeded;
      const entry = await purchaseListedWith(kit, dara, list, left._id, notNeeded);
      expect(entry.payBy).toBeNull();
    }
    expect((await bids(dara, '?mine=true')).total).toBe(1);
  });

  it('judges the bid before the fee is taken: nobody pays for a bid that would be refused', async () => {
    const chitra = await kit.member('chitra_shares');
    const add = (bid: Record<string, unknown>) =>
      kit.api('/api/buyShare/add', { token: chitra.token, json: shareBid(chitra, bid) });

    const cases: [Record<string, unknown>, number, string][] = [
      [{ company: 'Kite Exports', bidamt: '' }, 400, MESSAGES.enterAllBidDetails],
      [
        { company: 'Kite Exports', bidamt: 100, type: 'Select Type' },
        400,
        MESSAGES.enterAllBidDetails,
      ],
      [{ company: 'KE', bidamt: 100 }, 400, MESSAGES.bidAliasTooShort],
      [{ company: 'chitra Exports', bidamt: 100 }, 400, MESSAGES.bidAliasContainsUsername],
      // Asha (the test above) bid first under this name.
      [{ company: ' mango TRADERS', bidamt: 100 }, 409, MESSAGES.companyNameTaken],
      // …nor under a look-alike of it: spaces doubled or no-break, a full stop added.
      [{ company: 'Mango\u00a0 Traders.', bidamt: 100 }, 409, MESSAGES.companyNameTaken],
    ];
    // The quote, asked with the bid it would post, judges it the same way before any price.
    const quote = (bid: Record<string, unknown>) =>
      kit.api(
        `/api/buyShare/purchaseInfo?${new URLSearchParams({ type: 'Open', ...bid } as Record<string, string>).toString()}`,
        { token: chitra.token },
      );
    for (const [bid, status, msg] of cases) {
      const answer = await add(bid);
      expect([answer.status, answer.body.msg], JSON.stringify(bid)).toEqual([status, msg]);
      const quoted = await quote(bid);
      expect([quoted.status, quoted.body.msg], `quote ${JSON.stringify(bid)}`).toEqual([
        status,
        msg,
      ]);
    }
    const fine = await quote({ company: 'Kite Exports', bidamt: 100 });
    expect(fine.status).toBe(200);
    expect(fine.body.data).toMatchObject({ kind: 'shareFee', totalPrice: 199 });
    const purchases = await kit.api('/api/buyShare/listPurchases', { token: chitra.token });
    expect((purchases.body.data as { purchases: unknown[] }).purchases).toEqual([]);
  });

  it('is for signed-in members only', async () => {
    const answer = await kit.api('/api/buyShare/bids');
    expect(answer.status).toBe(401);
  });
});
