import { randomUUID } from 'node:crypto';
import type { Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { photo } from '@boli/engine/ads/ad.fixtures';
import { AD_MESSAGES } from '@boli/engine/ads/ad.messages';
import { ACCOUNT_MESSAGES } from '@boli/engine/accounts/account.messages';
import { MESSAGES } from '@boli/engine/shared/messages';
import type { BidSummaryView, BidView } from '@boli/projections/bids/bids.queries';
import { createPostgresEventStore } from '@boli/engine/eventStore/postgres/postgresEventStore';
import { SessionService } from '../../identity/sessions.ts';
import { memberSession } from '../../http/members.ts';
import { runAdCommand } from '../../../../ops/src/jobs/finalCallExpiry.fixtures.ts';
import { startApp, type TestApp } from '../../../../ops/src/testing/app.ts';
import {
  apiKit,
  type ApiKit,
  type Body,
  type MemberOptions,
  type TestMember,
} from '../../../../ops/src/testing/apiKit.ts';

type Member = TestMember;

const inMinutes = (minutes: number) => new Date(Date.now() + minutes * 60_000).toISOString();

let app: TestApp;
let kit: ApiKit;

const member = (username: string, options?: MemberOptions) => kit.member(username, options);
const ad = (owner: Member) => kit.ad(owner);
const api: ApiKit['api'] = (path, options) => kit.api(path, options);

/** Under the alias 'bluekite' unless `fields` name another (`kit.bid`). */
const bid = (
  bidder: Member,
  item_id: string,
  fields: Parameters<ApiKit['bid']>[2] = {},
  headers?: Record<string, string>,
) => kit.bid(bidder, item_id, { bidAlias: 'bluekite', ...fields }, headers);

const summaryOf = async (item_id: string, viewer?: Member, query = '') => {
  const { status, body } = await api(
    `/api/bid/bids/?item_id=${item_id}${query}`,
    viewer ? { token: viewer.token } : {},
  );
  expect(status).toBe(200);
  return body.data as BidSummaryView;
};

let owner: Member;
let meena: Member;
let arjun: Member;
let sita: Member;

beforeAll(async () => {
  app = await startApp();
  kit = apiKit(app);
  [owner, meena, arjun, sita] = await Promise.all([
    member('ravi_k'),
    member('meena_s'),
    member('arjun_p'),
    member('sita_r'),
  ]);
});

afterAll(async () => {
  await kit?.close();
  await app?.stop();
});

describe('placing bids over HTTP', () => {
  it('takes Open and Hidden bids and shows each viewer what they may see', async () => {
    const adId = await ad(owner);
    const open = await bid(meena, adId, { bidamt: 1500, type: 'Open' });
    expect(open.status).toBe(200);
    expect(open.body.msg).toBe(MESSAGES.bidPosted);
    const hidden = await bid(arjun, adId, {
      bidamt: '2345.50',
      type: 'Hidden',
      bidAlias: 'tigerlily',
    });
    expect(hidden.status).toBe(200);
    // The bidder's own answer shows their hidden amount.
    expect((hidden.body.data as BidSummaryView).highestHiddenBidBeforeFinalCall?.amount).toBe(
      2345.5,
    );

    const forOwner = await summaryOf(adId, owner);
    expect(forOwner).toMatchObject({
      isOwner: true,
      overallHighestBidAmount: 2345.5,
      overallHighestBidUsername: 'arjun_p',
      overallHighestBidUserId: arjun.userId,
      allBeforeBidsCount: 2,
      noOfBuyers: 2,
      bidOpen: true,
      finalCallMade: false,
    });
    expect(forOwner.beoreFinalCallBids[0]).toMatchObject({
      bidAlias: 'tigerlily',
      bidamt: 2345.5,
      type: 'Hidden',
      postedBy: arjun.userId,
      postedByUsername: 'arjun_p',
      phone: '9812345678',
      // A bidder without a picture: the field is there, empty (section 3's Bid has it).
      profilepic: '',
      isAfterFinalCall: false,
    });

    const forArjun = await summaryOf(adId, arjun);
    expect(forArjun.loginUserBeforeBidsCount).toBe(1);
    expect(forArjun.beoreFinalCallBids[0]).toMatchObject({
      bidamt: 2345.5,
      postedBy: arjun.userId,
    });
    expect(forArjun.beoreFinalCallBids[1]).toMatchObject({ bidamt: 1500, bidAlias: 'bluekite' });
    expect(forArjun.beoreFinalCallBids[1]).not.toHaveProperty('postedByUsername');

    for (const viewer of [meena, sita, undefined]) {
      const summary = await summaryOf(adId, viewer);
      expect(summary).toMatchObject({
        isOwner: false,
        overallHighestBidAmount: 1500,
        highestHiddenBidBeforeFinalCall: null,
      });
      const text = JSON.stringify(summary);
      expect(text).not.toContain('2345.5');
      expect(text).not.toContain('arjun_p');
      expect(text).not.toContain(arjun.userId);
      const list = await api(
        `/api/bid/getBids?item_id=${adId}`,
        viewer ? { token: viewer.token } : {},
      );
      expect(JSON.stringify(list.body)).not.toContain('2345.5');
      expect((list.body.data as { bids: BidView[] }).bids[0]).toMatchObject({
        bidamt: null,
        type: 'Hidden',
        bidAlias: 'tigerlily',
      });
    }
  });

  it('refuses with the spec messages', async () => {
    const adId = await ad(owner);
    // Each with the form's fields it is about, named as the body names them (none: the whole bid).
    const cases: [Promise<{ status: number; body: Body }>, number, string, string[]][] = [
      [bid(owner, adId, { bidAlias: 'seller9' }), 403, MESSAGES.ownAdBid, []],
      [bid(meena, adId, { type: 'Select Type' }), 400, MESSAGES.enterAllBidDetails, ['type']],
      [bid(meena, adId, { bidamt: '' }), 400, MESSAGES.enterAllBidDetails, ['bidamt']],
      [bid(meena, adId, { bidamt: -1 }), 400, MESSAGES.enterAllBidDetails, ['bidamt']],
      [
        bid(meena, adId, { bidamt: '', type: '' }),
        400,
        MESSAGES.enterAllBidDetails,
        ['type', 'bidamt'],
      ],
      [
        bid(meena, adId, { bidamt: '99999999999999999999' }),
        400,
        MESSAGES.amountTooLarge,
        ['bidamt'],
      ],
      [bid(meena, adId, { bidAlias: 'ab' }), 400, MESSAGES.bidAliasTooShort, ['bidAlias']],
      [
        bid(meena, adId, { bidAlias: 'QWERTYUIOPZXCVBN' }),
        400,
        MESSAGES.bidAliasTooLong,
        ['bidAlias'],
      ],
      // However long, the alias is refused for its length, not as missing details.
      [
        bid(meena, adId, { bidAlias: 'Q'.repeat(101) }),
        400,
        MESSAGES.bidAliasTooLong,
        ['bidAlias'],
      ],
      [
        bid(meena, adId, { bidAlias: 'xxmeenyy' }),
        400,
        MESSAGES.bidAliasContainsUsername,
        ['bidAlias'],
      ],
      // The login name behind zero-width spaces reads as the login name.
      [
        bid(meena, adId, { bidAlias: 'x\u200Bme\u200Ben' }),
        400,
        MESSAGES.bidAliasHidingCharacters,
        ['bidAlias'],
      ],
      // Nor does another bidder's alias with a control character in it, or an invisible tag.
      [bid(meena, adId, { bidAlias: 'tiger\u0085' }), 400, MESSAGES.controlCharacter, ['bidAlias']],
      [bid(meena, adId, { bidAlias: 'ti\u0007ger' }), 400, MESSAGES.controlCharacter, ['bidAlias']],
      [
        bid(meena, adId, { bidAlias: 'tiger\u{E0072}' }),
        400,
        MESSAGES.bidAliasHidingCharacters,
        ['bidAlias'],
      ],
      // Nor may an alias fake the page's own marks: '(you)' is the viewer's bid.
      [
        bid(meena, adId, { bidAlias: 'redfox (you)' }),
        400,
        MESSAGES.bidAliasBrackets,
        ['bidAlias'],
      ],
      [bid(meena, randomUUID()), 404, AD_MESSAGES.adNotFound, []],
    ];
    for (const [answer, status, msg, fields] of cases) {
      const { status: got, body } = await answer;
      expect({ got, msg: body.msg, error: body.error }).toEqual({ got: status, msg, error: true });
      const named = (body as { errors?: { field: string; message: string }[] }).errors ?? [];
      expect(named, msg).toEqual(fields.map((field) => ({ field, message: msg })));
    }
    const broke = await member('nosub_m', { entitled: false });
    const refused = await bid(broke, adId, { bidAlias: 'quietfox' });
    expect(refused.status).toBe(403);
    expect(refused.body).toMatchObject({
      error: true,
      msg: MESSAGES.pleaseSubscribe,
      data: { subscribeAt: '/subscription' },
    });
    const guest = await api('/api/bid/', { json: { item_id: adId, bidamt: 10, type: 'Open' } });
    expect(guest.status).toBe(401);
    expect((await summaryOf(adId)).allBeforeBidsCount).toBe(0);
  });

  it('posts a bid under the alias typed, without the spaces around it, or else the registered one', async () => {
    // Two ads: on one ad a member keeps to the alias of their first bid there.
    const [typed, left] = [await ad(owner), await ad(owner)];
    expect((await bid(meena, typed, { bidAlias: '  quietfox ' })).status).toBe(200);
    expect((await bid(meena, left, { bidAlias: '   ', bidamt: 1600 })).status).toBe(200);
    const aliasesOn = async (adId: string) =>
      (await summaryOf(adId)).beoreFinalCallBids.map((b) => b.bidAlias);
    expect(await aliasesOn(typed)).toEqual(['quietfox']);
    expect(await aliasesOn(left)).toEqual([meena.bidAlias]);
  });

  it('reads an amount typed on an Indian keyboard as its digits; names the alias a character refuses', async () => {
    const adId = await ad(owner);
    expect((await bid(meena, adId, { bidamt: '५२००' })).status).toBe(200);
    expect((await summaryOf(adId)).beoreFinalCallBids.map((b) => b.bidamt)).toEqual([5200]);
    const stacked = await bid(arjun, adId, { bidAlias: `kv${'\u0301'.repeat(8)}`, bidamt: 5300 });
    expect(stacked.status).toBe(400);
    expect(stacked.body).toMatchObject({
      code: 'STACKED_MARKS',
      errors: [{ field: 'bidAlias', message: MESSAGES.stackedMarks }],
    });
  });

  it('refuses an alias another bidder holds on the ad, so that no one bids in their name', async () => {
    const adId = await ad(owner);
    expect((await bid(meena, adId, { bidAlias: 'kitefly' })).status).toBe(200);
    const taken = await bid(arjun, adId, { bidAlias: 'KiteFly', bidamt: 2000 });
    expect(taken.status).toBe(409);
    expect(taken.body).toMatchObject({ error: true, msg: MESSAGES.bidAliasTaken });
    expect(taken.body.code).toBe('BID_ALIAS_TAKEN');
    // Spaces within an alias are kept as a page shows them: 'red   fox' is 'red fox'.
    const spaced = await ad(owner);
    expect((await bid(meena, spaced, { bidAlias: 'red   fox' })).status).toBe(200);
    expect((await bid(arjun, spaced, { bidAlias: 'red fox', bidamt: 2000 })).body.code).toBe(
      'BID_ALIAS_TAKEN',
    );
    expect((await summaryOf(spaced)).beoreFinalCallBids.map((b) => b.bidAlias)).toEqual([
      'red fox',
    ]);
    // Its holder bids under it again; on another ad it is anyone's.
    expect((await bid(meena, adId, { bidAlias: 'kitefly', bidamt: 2100 })).status).toBe(200);
    expect((await bid(arjun, await ad(owner), { bidAlias: 'kitefly' })).status).toBe(200);
    const { beoreFinalCallBids } = await summaryOf(adId);
    expect(beoreFinalCallBids.map((b) => [b.bidAlias, b.bidamt])).toEqual([
      ['kitefly', 2100],
      ['kitefly', 1500],
    ]);
  });

  it('keeps a member to the alias they first bid under on the ad, and says which it is', async () => {
    const adId = await ad(owner);
    const first = await bid(meena, adId, { bidAlias: 'sunbird', bidamt: 1500 });
    expect(first.status).toBe(200);
    // Her summaries say it, the bid's answer and a later read alike; no one else's does.
    expect((first.body.data as BidSummaryView).loginUserBidAlias).toBe('sunbird');
    expect((await summaryOf(adId, meena)).loginUserBidAlias).toBe('sunbird');
    for (const viewer of [owner, sita, undefined])
      expect((await summaryOf(adId, viewer)).loginUserBidAlias).toBeNull();
    const changed = await bid(meena, adId, { bidAlias: 'moonbird', bidamt: 1600 });
    expect(changed.status).toBe(409);
    expect(changed.body).toMatchObject({
      code: 'BID_ALIAS_CHANGED',
      msg: MESSAGES.bidAliasChanged('sunbird'),
      data: { alias: 'sunbird' },
    });
    expect((await bid(meena, adId, { bidAlias: 'sunbird', bidamt: 1600 })).status).toBe(200);
    // On another ad the member may be someone else.
    expect((await bid(meena, await ad(owner), { bidAlias: 'moonbird' })).status).toBe(200);
  });

  it("reads the bidder's session, account and subscription together, refusing each as before", async () => {
    const adId = await ad(owner);
    const sessions = new SessionService(kit.db, app.config.JWT_SECRET);
    const refusal = async (bidder: Member) => {
      const { status, body } = await bid(bidder, adId, { bidAlias: 'quietfox' });
      return { status, msg: body.msg };
    };
    const blocked = await member('blocked_b', { blocked: true });
    const unverified = await member('unverified_u', { verified: false });
    const loggedOut = await member('loggedout_l');
    await sessions.revoke(
      (await sessions.claimsOf(loggedOut.token, new Date())).sessionId,
      new Date(),
    );
    const unknownId = randomUUID();
    const noAccount = {
      userId: unknownId,
      username: 'nobody_n',
      bidAlias: 'nobodykite',
      ...(await sessions.issue(unknownId, ['member'], new Date())),
    };
    const stale = {
      ...meena,
      token: (await sessions.issue(meena.userId, ['member'], new Date(Date.now() - 3_600_000)))
        .token,
    };
    expect(await refusal(blocked)).toEqual({ status: 403, msg: ACCOUNT_MESSAGES.accountBlocked });
    expect(await refusal(unverified)).toEqual({
      status: 403,
      msg: ACCOUNT_MESSAGES.mobileNotVerified,
    });
    expect(await refusal(loggedOut)).toEqual({ status: 401, msg: MESSAGES.loginRequired });
    expect(await refusal(noAccount)).toEqual({ status: 404, msg: MESSAGES.noUsersFound });
    expect(await refusal(stale)).toEqual({ status: 403, msg: 'TOKEN_EXPIRED' });
    const closing = await api('/api/bid/closeBid', {
      token: blocked.token,
      json: { item_id: adId },
    });
    expect([closing.status, closing.body.msg]).toEqual([403, ACCOUNT_MESSAGES.accountBlocked]);
    expect((await summaryOf(adId)).allBeforeBidsCount).toBe(0);
  });

  it('answers each bid with the summary the read model then serves to that bidder', async () => {
    const adId = await ad(owner);
    const placed: { bidder: Member; answer: BidSummaryView }[] = [];
    const place = async (bidder: Member, fields: Parameters<typeof bid>[2]) => {
      const { status, body } = await bid(bidder, adId, fields);
      expect(status).toBe(200);
      placed.push({ bidder, answer: body.data as BidSummaryView });
    };
    // Each bidder under an alias of their own: an alias is its first bidder's on an ad.
    const aliases = new Map([
      [meena, 'bluekite'],
      [arjun, 'tigerlily'],
      [sita, 'redkite'],
    ]);
    for (let n = 0; n < 12; n++) {
      const bidder = [meena, arjun, sita][n % 3]!;
      await place(bidder, {
        bidAlias: aliases.get(bidder)!,
        bidamt: 1000 + (n % 5) * 100,
        type: n % 4 === 1 ? 'Hidden' : 'Open',
      });
    }
    const call = await api('/api/bid/finalCall', {
      token: owner.token,
      json: { item_id: adId, finalCallDateTime: inMinutes(60) },
    });
    expect(call.status).toBe(200);
    await place(arjun, { bidAlias: 'tigerlily', bidamt: 2500, type: 'Hidden' });
    await place(meena, { bidamt: 2000, type: 'Open' });

    // Each answer was the read model's summary as of that bid; the last is still current.
    const last = placed.at(-1)!;
    // (The read model's position is its checkpoint: at the bid, or past it if more was logged.)
    const { position: _at, ...current } = await summaryOf(adId, last.bidder);
    const { position, ...answered } = last.answer;
    expect(answered).toEqual(current);
    // The answer's position is the bid's own: the newest after the final call.
    expect(position).toBe(answered.afterFinalCallBids[0]!.position);
    const earlier = placed.at(-2)!;
    expect(earlier.answer).toMatchObject({
      allBeforeBidsCount: 12,
      allAfterBidsCount: 1,
      loginUserAfterBidsCount: 1,
      highestHiddenBidAfterFinalCall: { amount: 2500, username: arjun.username },
      finalCallMade: true,
    });
    expect(earlier.answer.beoreFinalCallBids).toHaveLength(10);
  });

  it('answers a repeated Idempotency-Key with the same bid, placed once', async () => {
    const adId = await ad(owner);
    const headers = { 'idempotency-key': randomUUID() };
    const first = await bid(meena, adId, { bidamt: 700 }, headers);
    const again = await bid(meena, adId, { bidamt: 700 }, headers);
    expect([first.status, again.status]).toEqual([200, 200]);
    expect((await summaryOf(adId)).allBeforeBidsCount).toBe(1);
  });

  it('places the same bid sent at once from two tabs, each with its own key, once', async () => {
    const adId = await ad(owner);
    const twoTabs = await Promise.all(
      [randomUUID(), randomUUID()].map((key) =>
        bid(meena, adId, { bidamt: 800 }, { 'idempotency-key': key }),
      ),
    );
    expect(twoTabs.map((tab) => tab.status)).toEqual([200, 200]);
    // Both tabs are answered with the one bid.
    for (const tab of twoTabs) expect(tab.body.data).toMatchObject({ loginUserBeforeBidsCount: 1 });
    // A higher amount after it is a bid of its own.
    expect((await bid(meena, adId, { bidamt: 900 })).status).toBe(200);
    expect((await summaryOf(adId)).allBeforeBidsCount).toBe(2);
  });

  it('pages bids by 10, or by a smaller limit, before and after the final call', async () => {
    const adId = await ad(owner);
    for (let n = 1; n <= 12; n += 1)
      expect((await bid(meena, adId, { bidamt: n * 100 })).status).toBe(200);
    const first = await api(
      `/api/bid/getBids?item_id=${adId}&page=0&limit=10&isAfterFinalCall=false`,
    );
    const second = await api(
      `/api/bid/getBids?item_id=${adId}&page=1&limit=10&isAfterFinalCall=false`,
    );
    expect(first.body.data).toMatchObject({ page: 0, pageCount: 2 });
    const amounts = (answer: typeof first) =>
      (answer.body.data as { bids: BidView[] }).bids.map((b) => b.bidamt);
    expect(amounts(first)).toEqual([1200, 1100, 1000, 900, 800, 700, 600, 500, 400, 300]);
    expect(amounts(second)).toEqual([200, 100]);
    const summary = await summaryOf(adId, undefined, '&page=1&isAfterFinalCall=false');
    expect(summary.beoreFinalCallBids.map((b) => b.bidamt)).toEqual([200, 100]);
    expect(summary.pageCount).toBe(2);
    const mine = await api(`/api/bid/getUserBids?item_id=${adId}&page=1`, { token: meena.token });
    expect(amounts(mine)).toEqual([200, 100]);
    const none = await api(`/api/bid/getBids?item_id=${adId}&isAfterFinalCall=true`);
    expect(none.body).toMatchObject({
      msg: MESSAGES.noBidsPosted,
      data: { bids: [], pageCount: 0 },
    });
    // A smaller `limit` makes smaller pages, counted as such; a larger one, pages of 10.
    const third = await api(`/api/bid/getBids?item_id=${adId}&page=2&limit=5`);
    expect(third.body.data).toMatchObject({ page: 2, pageCount: 3 });
    expect(amounts(third)).toEqual([200, 100]);
    const ofFour = await api(`/api/bid/getUserBids?item_id=${adId}&page=1&limit=4`, {
      token: meena.token,
    });
    expect(ofFour.body.data).toMatchObject({ page: 1, pageCount: 3 });
    expect(amounts(ofFour)).toEqual([800, 700, 600, 500]);
    const large = await api(`/api/bid/getBids?item_id=${adId}&limit=50`);
    expect(large.body.data).toMatchObject({ pageCount: 2 });
    expect(amounts(large)).toHaveLength(10);
    // The summary's lists are paged the same way.
    const ofFive = await summaryOf(adId, undefined, '&page=1&limit=5&isAfterFinalCall=false');
    expect(ofFive.beoreFinalCallBids.map((b) => b.bidamt)).toEqual([700, 600, 500, 400, 300]);
    expect(ofFive.pageCount).toBe(3);
  });

  const ownCard = async (adId: string) => {
    const mine = await api('/api/posts/myPosts', { token: owner.token });
    return (mine.body.data as { ads: { _id: string }[] }).ads.find((card) => card._id === adId);
  };

  it('takes the final call from the owner only, then closes', async () => {
    const adId = await ad(owner);
    const tooEarly = await api('/api/bid/finalCall', {
      token: owner.token,
      json: { item_id: adId, finalCallDateTime: inMinutes(60) },
    });
    expect(tooEarly.body.msg).toBe(MESSAGES.noBidsPosted);
    await bid(meena, adId, { bidamt: 900 });
    const notOwner = await api('/api/bid/finalCall', {
      token: meena.token,
      json: { item_id: adId, finalCallDateTime: inMinutes(60) },
    });
    expect(notOwner.status).toBe(403);
    const past = await api('/api/bid/finalCall', {
      token: owner.token,
      json: { item_id: adId, finalCallDateTime: inMinutes(-5) },
    });
    expect(past.body.msg).toBe(MESSAGES.finalCallInPast);
    // A day no calendar has is no date at all (Date.parse takes 30 February for 2 March).
    // Nor is a number or null.
    for (const finalCallDateTime of ['2099-02-30T10:00:00Z', 1234, null]) {
      const noSuchDay = await api('/api/bid/finalCall', {
        token: owner.token,
        json: { item_id: adId, finalCallDateTime },
      });
      expect(noSuchDay).toMatchObject({
        status: 400,
        body: { msg: MESSAGES.finalCallDateRequired },
      });
    }
    const deadline = inMinutes(60);
    const done = await api('/api/bid/finalCall', {
      token: owner.token,
      json: { item_id: adId, finalCallDateTime: deadline },
    });
    expect(done.status).toBe(200);
    expect(done.body).toMatchObject({
      msg: MESSAGES.finalCallDone,
      data: { finalCallMade: true, finalCallDateTime: deadline, bidOpen: true },
    });
    // My Ads, opened at once, shows the ad as the call left it.
    expect(await ownCard(adId)).toMatchObject({ finalCallDateTime: deadline, bidOpen: true });
    const late = await bid(arjun, adId, { bidamt: 950, type: 'Hidden', bidAlias: 'tigerlily' });
    expect((late.body.data as BidSummaryView).afterFinalCallBids[0]).toMatchObject({
      isAfterFinalCall: true,
      bidamt: 950,
    });
    const closed = await api('/api/bid/closeBid', { token: owner.token, json: { item_id: adId } });
    expect(closed.body).toMatchObject({
      msg: MESSAGES.bidClosed,
      data: { bidOpen: false, closeReason: 'closedEarlyByOwner' },
    });
    expect(await ownCard(adId)).toMatchObject({
      bidOpen: false,
      closeReason: 'closedEarlyByOwner',
    });
    const afterClose = await bid(meena, adId, { bidamt: 2000 });
    expect(afterClose.status).toBe(409);
    expect(afterClose.body.msg).toBe(MESSAGES.biddingClosed);
  });
});

describe('an alias that is another member’s username', () => {
  it('is refused, a look-alike too, so that no bidder passes for another member', async () => {
    const [seller, bidder] = await Promise.all([member('nila_s'), member('omar_k')]);
    // The kit's members skip sign-up: meena's username is claimed as sign-up claims it.
    await kit
      .db('account_identities')
      .insert({ kind: 'username', value: meena.username, user_id: meena.userId })
      .onConflict(['kind', 'value'])
      .ignore();
    const adId = await ad(seller);
    for (const alias of [
      meena.username,
      meena.username.toUpperCase(),
      meena.username.replace('e', '\u0435'),
      // An m written as rn reads as it too (nameSkeleton).
      meena.username.replace('m', 'rn'),
    ]) {
      const refused = await bid(bidder, adId, { bidAlias: alias });
      expect(refused.status).toBe(409);
      expect(refused.body).toMatchObject({
        msg: MESSAGES.bidAliasIsUsername,
        code: 'BID_ALIAS_IS_USERNAME',
        errors: [{ field: 'bidAlias', message: MESSAGES.bidAliasIsUsername }],
      });
    }
    expect((await bid(bidder, adId, { bidAlias: 'quietheron' })).status).toBe(200);
    // Each attempt is kept for support, as the ad's own refusals are: it is what a dispute about
    // someone passing for another member needs.
    const staff = await member('tamsin_help', { roles: ['support'] });
    const history = await api(`/api/support/ads/${adId}/history`, { token: staff.token });
    const kept = (history.body.data as { refusals: { bids: Record<string, unknown>[] } }).refusals
      .bids;
    expect(kept).toHaveLength(4);
    expect(kept[0]).toMatchObject({
      bidderId: bidder.userId,
      bidAlias: meena.username,
      code: 'BID_ALIAS_IS_USERNAME',
      message: MESSAGES.bidAliasIsUsername,
    });
  });
});

describe('My Bids', () => {
  type MyBidsAd = {
    _id: string;
    myBids: {
      bids: number;
      highest: { amount: number; type: string };
      lastBidAt: string;
      result: string | null;
      outbidBy: number | null;
    };
  };
  const myBids = async (who: Member) => {
    const { status, body } = await api('/api/posts/myBids', { token: who.token });
    expect(status).toBe(200);
    return (body.data as { ads: MyBidsAd[] }).ads;
  };

  it('lists the ads a member bid on, the last bid on first, with their own bids, and who won once closed', async () => {
    const [seller, bidder, rival, quiet] = await Promise.all([
      member('tara_m'),
      member('kiran_b'),
      member('vikas_r'),
      member('nila_k'),
    ]);
    const first = await ad(seller);
    const second = await ad(seller);
    expect((await bid(bidder, first, { bidamt: 1200, bidAlias: 'owlnight' })).status).toBe(200);
    expect(
      (await bid(bidder, first, { bidamt: 1800, type: 'Hidden', bidAlias: 'owlnight' })).status,
    ).toBe(200);
    expect((await bid(rival, first, { bidamt: 2500, bidAlias: 'redfox' })).status).toBe(200);
    expect(
      (await bid(quiet, first, { bidamt: 3000, type: 'Hidden', bidAlias: 'greyowl' })).status,
    ).toBe(200);
    expect((await bid(bidder, second, { bidamt: 900, bidAlias: 'owlnight' })).status).toBe(200);

    const open = await myBids(bidder);
    expect(open.map((each) => each._id)).toEqual([second, first]);
    // While bidding is open nobody is told who leads: a Hidden bid may be above theirs.
    expect(open[1]!.myBids).toMatchObject({
      bids: 2,
      highest: { amount: 1800, type: 'Hidden' },
      result: null,
    });
    // The Open bid above theirs is told, as their outbid note told it; a Hidden one never is.
    expect(open.map((each) => each.myBids.outbidBy)).toEqual([null, 2500]);
    expect((await myBids(rival)).map((each) => each.myBids.outbidBy)).toEqual([null]);

    for (const item_id of [first, second]) {
      const closed = await api('/api/bid/closeBid', { token: seller.token, json: { item_id } });
      expect(closed.status).toBe(200);
    }
    // The close answers once the bids read model has it; My Bids also reads the ads one, which
    // another member's view reaches a moment later.
    await expect
      .poll(async () => (await myBids(bidder)).map((each) => [each._id, each.myBids.result]))
      .toEqual([
        [second, 'highest'],
        [first, 'notHighest'],
      ]);
    await expect
      .poll(async () => (await myBids(quiet)).map((each) => each.myBids.result))
      .toEqual(['highest']);
    // Once closed, the result says it all.
    const closed = await myBids(bidder);
    expect(closed.map((each) => each.myBids.outbidBy)).toEqual([null, null]);
    expect((await myBids(rival)).map((each) => each.myBids.result)).toEqual(['notHighest']);
    // A member who bid on nothing has nothing listed; a guest is asked to log in.
    expect(await myBids(seller)).toEqual([]);
    expect((await api('/api/posts/myBids')).status).toBe(401);
  });

  it('answers, when asked `after` a notification, with the ads as that event left them', async () => {
    const [seller, bidder] = await Promise.all([member('uma_s'), member('jai_p')]);
    const adId = await ad(seller);
    expect((await bid(bidder, adId, { bidamt: 700, bidAlias: 'quietowl' })).status).toBe(200);
    expect(
      (await api('/api/bid/closeBid', { token: seller.token, json: { item_id: adId } })).status,
    ).toBe(200);
    type Note = { kind: string; position: string };
    let told: Note | undefined;
    await expect
      .poll(async () => {
        const { body } = await api('/api/notification', { token: bidder.token });
        told = (body.data as Note[]).find((note) => note.kind === 'biddingClosed');
        return told;
      })
      .toBeDefined();
    const { status, body } = await api(`/api/posts/myBids?after=${told!.position}`, {
      token: bidder.token,
    });
    expect(status).toBe(200);
    expect((body.data as { ads: MyBidsAd[] }).ads[0]!.myBids.result).toBe('highest');
    // Anything but a position is refused, not waited on.
    expect((await api('/api/posts/myBids?after=soon', { token: bidder.token })).status).toBe(400);
  });
});

describe('refused bids, kept for support', () => {
  type Refusals = {
    refusals: { chain: { ok: boolean }; bids: Record<string, unknown>[] };
    events: { type: string }[];
    withdrawn: boolean;
  };
  const historyOf = async (adId: string, staff: Member) => {
    const { status, body } = await api(`/api/support/ads/${adId}/history`, { token: staff.token });
    expect(status).toBe(200);
    return body.data as Refusals;
  };

  it("lists each refused bid with its command time and what the member was told, the ad's own stream untouched", async () => {
    const staff = await member('shanti_help', { roles: ['support'] });
    const adId = await ad(owner);
    await bid(meena, adId, { bidamt: 800 });
    // No amount, or one too large to be money: kept with what was sent.
    const tooLarge = await bid(meena, adId, { bidamt: '99999999999999999999' });
    expect([tooLarge.status, tooLarge.body.msg]).toEqual([400, MESSAGES.amountTooLarge]);
    expect((await bid(meena, adId, { bidamt: '10.555' })).body.msg).toBe(
      MESSAGES.enterAllBidDetails,
    );
    await bid(owner, adId, { bidAlias: 'seller9' });
    await api('/api/bid/closeBid', { token: owner.token, json: { item_id: adId } });
    const headers = { 'idempotency-key': randomUUID() };
    const tried = new Date().toISOString();
    const late = await bid(arjun, adId, { bidamt: 990.5, type: 'Hidden' }, headers);
    const retried = await bid(arjun, adId, { bidamt: 990.5, type: 'Hidden' }, headers);
    expect([late.status, retried.status]).toEqual([409, 409]);
    // On no ad: nothing to keep it beside.
    await bid(meena, randomUUID());

    const history = await historyOf(adId, staff);
    expect(history.refusals.chain.ok).toBe(true);
    expect(history.refusals.bids).toMatchObject([
      {
        bidderId: meena.userId,
        amount: null,
        amountSent: '99999999999999999999',
        code: 'AMOUNT_TOO_LARGE',
        message: MESSAGES.amountTooLarge,
      },
      {
        amount: null,
        amountSent: '10.555',
        code: 'BID_DETAILS_MISSING',
        message: MESSAGES.enterAllBidDetails,
      },
      { bidderId: owner.userId, code: 'OWN_AD', message: MESSAGES.ownAdBid },
      {
        bidderId: arjun.userId,
        username: 'arjun_p',
        bidAlias: 'bluekite',
        amount: 990.5,
        type: 'Hidden',
        code: 'BIDDING_CLOSED',
        message: MESSAGES.biddingClosed,
      },
    ]);
    expect(history.refusals.bids).toHaveLength(4);
    const attemptedAt = Date.parse(String(history.refusals.bids[3]!.attemptedAt));
    expect(attemptedAt).toBeGreaterThanOrEqual(Date.parse(tried));
    expect(history.events.filter((event) => event.type === 'BidPlaced')).toHaveLength(1);
    expect(history.events.map((event) => event.type)).not.toContain('BidRefused');
  });

  it('marks the bidders who hold a staff role', async () => {
    const staff = await member('sita_help', { roles: ['member', 'support'] });
    const adId = await ad(owner);
    expect((await bid(staff, adId, { bidamt: 900, bidAlias: 'quietfern' })).status).toBe(200);
    expect((await bid(meena, adId, { bidamt: 950 })).status).toBe(200);
    const history = (await historyOf(adId, staff)) as unknown as { staffBidders: string[] };
    expect(history.staffBidders).toEqual([staff.userId]);
  });

  it("refuses a bid on a blocked member's ad as not found, and takes bids again once unblocked", async () => {
    const staff = await member('sunil_help', { roles: ['support'] });
    const seller = await member('blocked_bala');
    const adId = await ad(seller);
    const moderate = (action: 'block' | 'unblock') =>
      api(`/api/support/users/${seller.userId}/${action}`, {
        token: staff.token,
        json: { reason: action === 'block' ? 'Fake listings' : 'Listings checked and genuine' },
      });
    expect((await moderate('block')).status).toBe(200);
    // Meena's page was open from before the block (which answers once the ads have caught up):
    // her bid is refused as the ad page would be.
    const refused = await bid(meena, adId, { bidamt: 1600 });
    expect(refused.status).toBe(404);
    expect(refused.body).toMatchObject({ msg: AD_MESSAGES.adNotFound, code: 'AD_WITHDRAWN' });
    // The check is read with the bidder's session, the requests of one turn in one statement:
    // each is answered for its own session and ad.
    const sessions = new SessionService(kit.db, app.config.JWT_SECRET);
    const sessionOf = async (who: Member) =>
      (await sessions.claimsOf(who.token, new Date())).sessionId;
    const openAd = await ad(owner);
    const [meenas, arjuns, sellers] = await Promise.all([meena, arjun, seller].map(sessionOf));
    const read = await Promise.all([
      memberSession(kit.db, meenas!, adId),
      memberSession(kit.db, arjuns!, openAd),
      memberSession(kit.db, sellers!),
      memberSession(kit.db, meenas!, openAd),
    ]);
    expect(read.map((found) => [found?.member.facts?.username, found?.adWithdrawn])).toEqual([
      [meena.username, true],
      [arjun.username, false],
      [seller.username, false],
      [meena.username, false],
    ]);
    // Without a session, 401 as on any ad (the withdrawn check is read with the session).
    const anonymous = await api('/api/bid/', {
      json: { item_id: adId, bidamt: 1650, type: 'Open' },
    });
    expect(anonymous.status).toBe(401);
    // Staff still see the ad, told it is withdrawn; members are told it is not found.
    const page = (viewer: Member) =>
      api(`/api/posts/post?item_id=${adId}`, { token: viewer.token });
    expect((await page(staff)).body.data).toMatchObject({ _id: adId, withdrawn: true });
    expect((await page(meena)).status).toBe(404);
    expect((await historyOf(adId, staff)).withdrawn).toBe(true);
    // Its bids go with it, for members and guests alike; staff still read them.
    for (const path of [`/api/bid/bids/?item_id=${adId}`, `/api/bid/getBids?item_id=${adId}`]) {
      expect((await api(path, { token: meena.token })).status).toBe(404);
      expect((await api(path)).status).toBe(404);
      expect((await api(path, { token: staff.token })).status).toBe(200);
    }
    // …and from the live socket: a guest's load is told the ad is not found; staff's is answered.
    expect(await load(await live(app.baseUrl), adId)).toMatchObject({
      error: AD_MESSAGES.adNotFound,
    });
    expect((await load(await live(app.baseUrl, staff), adId)).summary).toBeDefined();

    expect((await moderate('unblock')).status).toBe(200);
    expect((await page(staff)).body.data).not.toHaveProperty('withdrawn');
    expect((await historyOf(adId, staff)).withdrawn).toBe(false);
    expect((await bid(meena, adId, { bidamt: 1700 })).status).toBe(200);
    const history = await historyOf(adId, staff);
    expect(history.refusals.bids[0]).toMatchObject({
      bidderId: meena.userId,
      code: 'AD_WITHDRAWN',
      message: AD_MESSAGES.adNotFound,
    });
    expect(history.events.filter((event) => event.type === 'BidPlaced')).toHaveLength(1);
    // Lifted, the block still shows in the ad's history: when it was withdrawn, and why; a
    // replay of an instant inside it says the ad was withdrawn then, one after it does not.
    type Span = { from: string; to: string | null; reason: string | null };
    const { ownerBlocks } = history as unknown as { ownerBlocks: Span[] };
    expect(ownerBlocks).toEqual([
      { from: expect.any(String), to: expect.any(String), reason: 'Fake listings' },
    ]);
    const [span] = ownerBlocks;
    const replayed = async (asOf: string) => {
      const { body } = await api(
        `/api/support/ads/${adId}/history?asOf=${encodeURIComponent(asOf)}`,
        { token: staff.token },
      );
      return (body.data as { replay: { withdrawnBy: Span | null } }).replay.withdrawnBy;
    };
    expect(await replayed(span!.from)).toEqual(span);
    expect(await replayed(span!.to!)).toBeNull();
    expect(
      (history as unknown as { replay: { withdrawnBy: Span | null } }).replay.withdrawnBy,
    ).toBeNull();
  });
});

// ---------------------------------------------------------------------------------------------
// Live

const live = (baseUrl: string, viewer?: Member): Promise<Socket> =>
  kit.live(viewer?.token, baseUrl);

type LoadAnswer = { item_id: string; summary: BidSummaryView; position: string; missed: BidView[] };

const load = (socket: Socket, item_id: string, since?: string) =>
  new Promise<LoadAnswer>((resolve) => {
    socket.once('getBidResponse', resolve);
    socket.emit('load', since === undefined ? { item_id } : { item_id, since });
  });

const next = <T>(socket: Socket, event: string, ms = 10_000) =>
  new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no ${event} within ${ms} ms`)), ms);
    socket.once(event, (message: T) => {
      clearTimeout(timer);
      resolve(message);
    });
  });

/** The first `event` message that satisfies `wanted`. */
const until = <T>(socket: Socket, event: string, wanted: (message: T) => boolean, ms = 10_000) =>
  new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no matching ${event} within ${ms} ms`)), ms);
    const listener = (message: T) => {
      if (!wanted(message)) return;
      clearTimeout(timer);
      socket.off(event, listener);
      resolve(message);
    };
    socket.on(event, listener);
  });

type NewBid = { bid: BidView; summary: BidSummaryView; position: string };

describe('live bids on /bid', () => {
  it('pushes each viewer their own view of a new bid', async () => {
    const adId = await ad(owner);
    const [ownerSocket, otherSocket, guestSocket] = await Promise.all([
      live(app.baseUrl, owner),
      live(app.baseUrl, sita),
      live(app.baseUrl),
    ]);
    for (const socket of [ownerSocket, otherSocket, guestSocket]) await load(socket, adId);
    const online = until<{ item_id: string; count: number }>(
      otherSocket,
      'online',
      (message) => message.count === 4,
    );
    await load(await live(app.baseUrl, meena), adId);
    expect(await online).toEqual({ item_id: adId, count: 4 });
    // A page whose link dropped and came back is one viewer while the lost socket is waited out.
    const page = 'page-key-of-meena-tab';
    const counts: number[] = [];
    otherSocket.on('online', ({ count }: { count: number }) => counts.push(count));
    await load(await kit.live(meena.token, app.baseUrl, page), adId);
    await load(await kit.live(meena.token, app.baseUrl, page), adId);
    await expect.poll(() => counts.length).toBe(2);
    expect(counts).toEqual([5, 5]);

    const messages = [ownerSocket, otherSocket, guestSocket].map((s) =>
      next<NewBid>(s, `newbid:${adId}`),
    );
    await bid(arjun, adId, { bidamt: 5555, type: 'Hidden', bidAlias: 'tigerlily' });
    const [toOwner, toOther, toGuest] = await Promise.all(messages);
    expect(toOwner!.bid).toMatchObject({
      bidamt: 5555,
      postedBy: arjun.userId,
      postedByUsername: 'arjun_p',
    });
    expect(toOwner!.summary).toMatchObject({ isOwner: true, overallHighestBidAmount: 5555 });
    expect(toOwner!.position).toMatch(/^\d+\.\d+$/);
    for (const message of [toOther!, toGuest!]) {
      expect(message.bid).toMatchObject({ bidamt: null, type: 'Hidden', bidAlias: 'tigerlily' });
      expect(message.bid).not.toHaveProperty('postedBy');
      // The amount is nowhere, not even formatted; ids and the position (random digits that may
      // hold '5555') are left out of the search.
      const shown = JSON.stringify(message, (key, value: unknown) =>
        key === 'position' ? undefined : value,
      ).replace(/[0-9a-f]{8}(-[0-9a-f]{4}){3}-[0-9a-f]{12}/g, '<id>');
      expect(shown).not.toContain('5555');
      expect(shown).not.toContain('5,555');
      expect(message.position).toBe(toOwner!.position);
    }
  });

  it('gives a reconnecting client the bids it missed', async () => {
    const adId = await ad(owner);
    await bid(meena, adId, { bidamt: 100 });
    const first = await live(app.baseUrl, sita);
    const { position } = await load(first, adId);
    first.close();
    await bid(meena, adId, { bidamt: 200 });
    await bid(arjun, adId, { bidamt: 300, bidAlias: 'tigerlily' });
    const again = await live(app.baseUrl, sita);
    const answer = await load(again, adId, position);
    expect(answer.missed.map((b) => b.bidamt)).toEqual([200, 300]);
    expect(answer.summary.allBeforeBidsCount).toBe(3);
  });

  it('answers getBids as HTTP does, a Hidden amount kept from others, with its position', async () => {
    const adId = await ad(owner);
    await bid(meena, adId, { bidamt: 100 });
    await bid(meena, adId, { bidamt: 200 });
    await bid(arjun, adId, { bidamt: 300, type: 'Hidden', bidAlias: 'tigerlily' });
    const socket = await live(app.baseUrl, sita);
    const { position } = await load(socket, adId);
    type Page = {
      item_id: string;
      bids: BidView[];
      page: number;
      pageCount: number;
      position: string;
    };
    const getBids = (query: Record<string, unknown>) =>
      socket.emitWithAck('getBids', { item_id: adId, ...query }) as Promise<Page>;
    // The flags and numbers as a query string gives them, as well as JSON's.
    const second = await getBids({ page: '1', limit: '2', isAfterFinalCall: 'false' });
    expect(second).toMatchObject({ item_id: adId, page: 1, pageCount: 2, position });
    expect(second.bids.map((b) => b.bidamt)).toEqual([100]);
    const first = await getBids({ limit: 2, isAfterFinalCall: false });
    expect(first.bids.map((b) => [b.type, b.bidamt])).toEqual([
      ['Hidden', null],
      ['Open', 200],
    ]);
    const after = await getBids({ isAfterFinalCall: true });
    expect(after).toMatchObject({ bids: [], pageCount: 0, position });
    const http = await api(`/api/bid/getBids?item_id=${adId}&page=1&limit=2`, {
      token: sita.token,
    });
    expect(http.body.data).toEqual({ bids: second.bids, page: 1, pageCount: 2, position });
  });

  it('pushes the final call and the close', async () => {
    const adId = await ad(owner);
    await bid(meena, adId, { bidamt: 100 });
    const socket = await live(app.baseUrl);
    await load(socket, adId);
    const deadline = inMinutes(30);
    const finalCall = next<{ finalCallDateTime: string; position: string }>(
      socket,
      `finalcall:${adId}`,
    );
    await api('/api/bid/finalCall', {
      token: owner.token,
      json: { item_id: adId, finalCallDateTime: deadline },
    });
    expect(await finalCall).toMatchObject({ finalCallDateTime: deadline });
    const closed = next<{ closeReason: string }>(socket, `closed:${adId}`);
    await api('/api/bid/closeBid', { token: owner.token, json: { item_id: adId } });
    expect(await closed).toMatchObject({ closeReason: 'closedEarlyByOwner' });
  });

  it('tells the ad’s viewers of an edit, of its details or its photos, once the ad reads as edited', async () => {
    const adId = await ad(owner);
    const socket = await live(app.baseUrl);
    await load(socket, adId);
    const edited = next<{ item_id: string; position: string }>(socket, `edited:${adId}`);
    // Into the log directly, not through the edit route (which answers once `ads` has the edit):
    // the message alone must wait for it.
    const store = createPostgresEventStore({ connectionString: app.databaseUrl });
    try {
      await runAdCommand(store, adId, 'EditAd', {
        userId: owner.userId,
        changes: { price: 3_100_000 },
      });
    } finally {
      await store.close();
    }
    expect(await edited).toMatchObject({
      item_id: adId,
      position: expect.stringMatching(/^\d+\.\d+$/),
    });
    const read = await api(`/api/posts/post?item_id=${adId}`);
    expect(read.body.data).toMatchObject({ price: 31_000 });

    // A photo added is an edit of the page too.
    const added = next<{ item_id: string }>(socket, `edited:${adId}`);
    const again = createPostgresEventStore({ connectionString: app.databaseUrl });
    try {
      await runAdCommand(again, adId, 'AddMedia', { userId: owner.userId, ...photo(7) });
    } finally {
      await again.close();
    }
    expect(await added).toMatchObject({ item_id: adId });
    const gallery = (await api(`/api/posts/post?item_id=${adId}`)).body.data as {
      gallery: { name: string }[];
    };
    expect(gallery.gallery.map((item) => item.name)).toContain(photo(7).name);
  });

  describe('with a second api process on the same database and Redis', () => {
    let second: Awaited<ReturnType<ApiKit['secondApi']>>;

    beforeAll(async () => {
      second = await kit.secondApi();
    });
    afterAll(async () => {
      await second?.close();
    });

    it('delivers a bid placed through one process, once, to a client of the other', async () => {
      const adId = await ad(owner);
      const here = await live(app.baseUrl, sita);
      const there = await live(second.url, owner);
      await load(here, adId);
      const online = until<{ count: number }>(here, 'online', (message) => message.count === 2);
      await load(there, adId);
      expect((await online).count).toBe(2);
      const received: NewBid[] = [];
      there.on(`newbid:${adId}`, (message: NewBid) => received.push(message));
      const arrived = next<NewBid>(there, `newbid:${adId}`);
      await bid(meena, adId, { bidamt: 4242, type: 'Hidden' });
      expect((await arrived).bid).toMatchObject({ bidamt: 4242, postedBy: meena.userId });
      await new Promise((resolve) => setTimeout(resolve, 1_500));
      expect(received).toHaveLength(1);
    });
  });
});
