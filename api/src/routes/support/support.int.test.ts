import { randomUUID } from 'node:crypto';
import knex, { type Knex } from 'knex';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adStream, type AdEvent } from '@boli/engine/ads/ad.events';
import {
  AD_ID,
  ARJUN,
  POSTED,
  T0,
  at,
  bidPlaced,
  finalCallMade,
} from '@boli/engine/ads/ad.fixtures';
import type { EventStore } from '@boli/engine/eventStore/eventStore';
import { createPostgresEventStore } from '@boli/engine/eventStore/postgres/postgresEventStore';
import { AD_MESSAGES } from '@boli/engine/ads/ad.messages';
import { ACCOUNT_MESSAGES } from '@boli/engine/accounts/account.messages';
import { LIMITS } from '@boli/engine/shared/limits';
import { MESSAGES } from '@boli/engine/shared/messages';
import { indiaWallClockOf } from '@boli/engine/shared/indiaTime';
import { startApp, type TestApp } from '../../../../ops/src/testing/app.ts';
import { SessionService } from '../../identity/sessions.ts';
import { apiKit, eventually } from '../../../../ops/src/testing/apiKit.ts';
import { MODERATION_ANSWERS } from './router.ts';

type Body = { data: Record<string, unknown> | null; error: boolean; msg: string };

let app: TestApp;
let db: Knex;
let store: EventStore;
let supportToken: string;
let memberToken: string;
// Far ahead, so the app's own final-call timer leaves the ad open during the test.
const DEADLINE = '2099-01-01T00:00:00.000Z';

const history = async (path: string, token?: string) => {
  const response = await fetch(`${app.baseUrl}/api/support/ads/${path}`, {
    headers: token ? { authorization: `Bearer ${token}` } : {},
  });
  return { status: response.status, body: (await response.json()) as Body };
};

beforeAll(async () => {
  app = await startApp();
  db = knex({ client: 'pg', connection: app.databaseUrl, pool: { min: 0, max: 2 } });
  store = createPostgresEventStore({ connectionString: app.databaseUrl, maxConnections: 2 });
  const sessions = new SessionService(db, app.config.JWT_SECRET);
  supportToken = (await sessions.issue(randomUUID(), ['member', 'support'], new Date())).token;
  memberToken = (await sessions.issue(randomUUID(), ['member'], new Date())).token;
  const events: [AdEvent, string][] = [
    ...POSTED.map((event): [AdEvent, string] => [event, T0]),
    [bidPlaced({ bidId: 'b1', amount: 120_000_00, placedAt: at(10) }), at(10)],
    [
      bidPlaced({ bidId: 'b2', amount: 135_000_50, type: 'Hidden', placedAt: at(20) }, ARJUN),
      at(20),
    ],
    [finalCallMade(DEADLINE, at(60)), at(60)],
  ];
  for (const [event, now] of events) {
    await store.append(
      adStream(AD_ID),
      [{ ...event, metadata: { eventId: randomUUID(), now } }],
      'any',
    );
  }
});

afterAll(async () => {
  await store?.close();
  await db?.destroy();
  await app?.stop();
});

describe('support replays an ad to settle a dispute', () => {
  it('shows every event and every bid, Hidden amounts included, with the chain verified', async () => {
    const { status, body } = await history(`${AD_ID}/history`, supportToken);
    expect(status).toBe(200);
    expect(body.data).toMatchObject({
      adId: AD_ID,
      itemName: 'Royal Enfield Classic 350',
      chain: { ok: true },
      replay: { status: 'finalCallMade', deadline: DEADLINE },
      refusals: { chain: { ok: true }, bids: [] },
    });
    const data = body.data as { events: { type: string }[]; replay: { bids: unknown[] } };
    expect(data.events.map((e) => e.type)).toEqual([
      'AdPosted',
      'MediaAdded',
      'ThumbnailChosen',
      'BidPlaced',
      'BidPlaced',
      'FinalCallMade',
    ]);
    expect(data.replay.bids).toMatchObject([
      { bidId: 'b1', amount: 120_000, type: 'Open' },
      { bidId: 'b2', amount: 135_000.5, type: 'Hidden', username: ARJUN.username },
    ]);
  });

  it('finds the ad by the uid of its web address too, as a shared link carries it', async () => {
    const data = await eventually(async () => {
      const { status, body } = await history('royal-enfield-1/history', supportToken);
      return status === 200 ? (body.data as { adId: string; events: unknown[] }) : null;
    });
    expect(data.adId).toBe(AD_ID);
    expect(data.events).toHaveLength(6);
  });

  it('replays the ad as it stood at an instant', async () => {
    const { body } = await history(
      `${AD_ID}/history?asOf=${encodeURIComponent(at(15))}`,
      supportToken,
    );
    // With the ad's details as they read then, the price in rupees as every amount here.
    expect(body.data).toMatchObject({
      edits: [],
      replay: {
        status: 'open',
        eventsApplied: 4,
        details: { itemName: 'Royal Enfield Classic 350', price: 125_000 },
      },
    });
    // The same instant on India's clock, with no offset, as the screen's address may hold it.
    const wallClock = indiaWallClockOf(at(15)).replace(' ', 'T');
    const inIndia = await history(`${AD_ID}/history?asOf=${wallClock}`, supportToken);
    expect(inIndia.status).toBe(200);
    expect(inIndia.body.data).toEqual(body.data);
    // Before the ad was posted nothing stood, but the answer still names the ad.
    const before = await history(
      `${AD_ID}/history?asOf=${encodeURIComponent(at(-60))}`,
      supportToken,
    );
    expect(before.body.data).toMatchObject({
      itemName: 'Royal Enfield Classic 350',
      replay: { status: 'none', eventsApplied: 0, itemName: null },
    });
  });

  it('is for staff only, and says what is wrong with a request', async () => {
    expect((await history(`${AD_ID}/history`)).status).toBe(401);
    expect((await history(`${AD_ID}/history`, memberToken)).status).toBe(403);
    expect((await history('no-such-ad/history', supportToken)).status).toBe(404);
    // An id of spaces is no ad's either, said in the same words, not a field's.
    const blank = await history('%20/history', supportToken);
    expect(blank.body.msg).toBe(AD_MESSAGES.adNotFound);
    const bad = await history(`${AD_ID}/history?asOf=yesterday`, supportToken);
    expect(bad.status).toBe(400);
    expect(bad.body.error).toBe(true);
  });
});

describe('support finds an ad to look into', () => {
  it("finds a member's ads, and those they bid on, by their username, and an ad by its code", async () => {
    const kit = apiKit(app);
    try {
      const owner = await kit.member('lookup_lata', { phone: '9876501234' });
      const support = await kit.member('support_sona', { roles: ['member', 'support'] });
      const first = await kit.ad(owner);
      const second = await kit.ad(owner, { uid: 'royal-enfield-classic-350-5e7a91c2d4' });
      // Another member's ad whose name is near the username: not listed for it.
      const other = await kit.member('lookup_ravi');
      const near = await kit.ad(other, { itemName: 'Lookup lota brass vessel' });
      const find = async (key: string, token = support.token) => {
        const { status, body } = await kit.api(`/api/support/ads?key=${encodeURIComponent(key)}`, {
          token,
        });
        return { status, ads: (body.data as { ads?: { _id: string; foundBy: string }[] })?.ads };
      };
      const byOwner = await find(' Lookup_Lata ');
      expect(byOwner.ads?.map((ad) => [ad._id, ad.foundBy]).sort()).toEqual(
        [
          [first, 'owner'],
          [second, 'owner'],
        ].sort(),
      );
      // A bidder's username finds the ads they bid on: a dispute may start from the bidder.
      // With her own ads, what she last acted on first: she bid after posting hers.
      const bidder = await kit.member('lookup_bina');
      const own = await kit.ad(bidder);
      expect((await kit.bid(bidder, first)).status).toBe(200);
      expect((await find('lookup_bina')).ads?.map((ad) => [ad._id, ad.foundBy])).toEqual([
        [first, 'bidder'],
        [own, 'owner'],
      ]);
      // A member who only ordered a bid fee on an ad (its bid not placed, or refused and the
      // fee refunded) finds it by their username too.
      const payer = await kit.member('lookup_fiza', { entitled: false });
      const ordered = await kit.api('/api/bidpay/add/', {
        token: payer.token,
        json: { item_id: second, bidamt: 2000, type: 'Open', bidAlias: 'bluekite' },
      });
      expect(ordered.status).toBe(200);
      // (Once the purchases read model has the order.)
      const feeFound = await eventually(
        async () => (await find('lookup_fiza')).ads?.find((ad) => ad.foundBy === 'fee'),
        { what: "the fee's ad is found by its payer" },
      );
      expect(feeFound._id).toBe(second);
      expect((await find('lookup_fiza')).ads?.map((ad) => ad._id)).toEqual([second]);
      // A member whose bid the ad refused (no subscription: the bid form's own refusal, no fee
      // ordered) finds it by their username too: the refused bid is on no list of bids.
      const refusedBidder = await kit.member('lookup_rita', { entitled: false });
      expect((await kit.bid(refusedBidder, first)).status).toBe(403);
      const refusedFound = await eventually(
        async () => (await find('lookup_rita')).ads?.find((ad) => ad.foundBy === 'refused'),
        { what: 'the ad that refused a bid is found by its bidder' },
      );
      expect(refusedFound._id).toBe(first);
      expect((await find('lookup_rita')).ads?.map((ad) => ad._id)).toEqual([first]);
      // A bidder whose later bid was refused is still found by a bid of theirs: the refusal is
      // the later act, not the telling one.
      expect((await kit.bid(bidder, first, { type: 'Select Type' })).status).toBe(400);
      const refusals = async () =>
        Number((await kit.db('bid_refusals').where({ ad_id: first }).count())[0]!.count);
      await eventually(async () => (await refusals()) === 2, {
        what: "bina's refused bid is in the read model",
      });
      expect((await find('lookup_bina')).ads?.map((ad) => [ad._id, ad.foundBy])).toEqual([
        [first, 'bidder'],
        [own, 'owner'],
      ]);
      // The alias a bid list showed finds the ad, any case: complaints quote it.
      const aliased = await kit.bid(other, second, { bidAlias: 'Mor_Pankh🦚' });
      expect(aliased.status).toBe(200);
      expect((await find('mor_pankh🦚')).ads?.map((ad) => [ad._id, ad.foundBy])).toEqual([
        [second, 'alias'],
      ]);
      // Each ad listed says how many bids it has, and that it is not withdrawn.
      expect((await find('lookup_bina')).ads?.[0]).toMatchObject({ bids: 1, withdrawn: false });
      // …which the name search finds when the key is no username.
      expect((await find('lookup lota')).ads?.map((ad) => ad._id)).toContain(near);
      // A key no member has as username is said to be none, with the usernames like it: the
      // ads its words find by their names are not that member's.
      const lookup = async (key: string) =>
        (
          await kit.api(`/api/support/ads?key=${encodeURIComponent(key)}`, {
            token: support.token,
          })
        ).body.data as { noMember: { by: string; like: string[] } | null };
      expect((await lookup('lookup_lataa')).noMember?.like).toContain('lookup_lata');
      // A caller gives their email or mobile number rather than a username: they name them too.
      // Copied from a message with its comma, or typed on a Hindi keyboard, too.
      for (const contact of [
        'Lookup_Lata@example.in',
        '+91 98765 01234',
        '9876501234,',
        '“lookup_lata@example.in”.',
        '९८७६५ ०१२३४',
      ]) {
        expect((await find(contact)).ads?.map((ad) => ad.foundBy)).toEqual(['owner', 'owner']);
        expect((await lookup(contact)).noMember).toBeNull();
      }
      // One no member has is said to be none, as what it is.
      expect((await lookup('9876500000')).noMember).toEqual({ by: 'phone', like: [] });
      expect((await lookup('nobody@example.in')).noMember).toEqual({ by: 'email', like: [] });
      expect((await lookup('Lookup_Lata')).noMember).toBeNull();
      // A member with neither ads nor bids is a member still.
      await kit.member('lookup_lena');
      expect((await lookup('lookup_lena')).noMember).toBeNull();
      // Words, an ad's code or id: no username to say anything of.
      expect((await lookup('lookup lota')).noMember).toBeNull();
      // Nor a word no username could be: a Hindi one, one too short.
      expect((await lookup('तलवार')).noMember).toBeNull();
      expect((await lookup('lot')).noMember).toBeNull();
      expect((await lookup('91c2d4')).noMember).toBeNull();
      expect((await find(first.slice(0, 8))).ads).toEqual([
        expect.objectContaining({ _id: first, foundBy: 'code', postedByUsername: 'lookup_lata' }),
      ]);
      expect((await find('5E7A91C2D4')).ads).toEqual([
        expect.objectContaining({ _id: second, foundBy: 'code', bidOpen: true }),
      ]);
      // The link's code's last characters find it too, as a member may quote them.
      expect((await find('91c2d4')).ads?.map((ad) => ad._id)).toEqual([second]);
      // The whole id, or the whole uid of its link, names that one ad (the screen opens it).
      const named = async (key: string) =>
        (await find(key)).ads?.filter((ad) => ad.foundBy === 'id').map((ad) => ad._id);
      expect((await find(first)).ads?.[0]).toMatchObject({ _id: first, foundBy: 'id' });
      expect(await named(first)).toEqual([first]);
      expect(await named('royal-enfield-classic-350-5e7a91c2d4')).toEqual([second]);
      // A word with a hyphen names none; it is searched.
      expect(await named('royal-enfield')).toEqual([]);
      // Too short a code is no code; nothing found is an empty list.
      expect((await find('5e7a')).ads?.some((ad) => ad._id === second)).toBe(false);
      expect((await find('zzyzx qwrtp')).ads).toEqual([]);
      expect((await find('  ')).status).toBe(400);
      expect((await find('lookup_lata', owner.token)).status).toBe(403);
    } finally {
      await kit.close();
    }
  });
});

describe('support lists a member with many ads', () => {
  it('a page at a time, saying whether there are more, closed ones and all', async () => {
    const kit = apiKit(app);
    try {
      const owner = await kit.member('many_mira');
      const support = await kit.member('support_sid', { roles: ['member', 'support'] });
      const ads: string[] = [];
      for (let n = 0; n <= LIMITS.adPageSize; n++) ads.push(await kit.ad(owner));
      const find = async (query: string) => {
        const { status, body } = await kit.api(`/api/support/ads?key=many_mira${query}`, {
          token: support.token,
        });
        const data = body.data as { ads: { _id: string }[]; more: boolean };
        return { status, ids: data?.ads.map((ad) => ad._id), more: data?.more };
      };
      const first = await find('');
      expect(first.ids).toHaveLength(LIMITS.adPageSize);
      expect(first.more).toBe(true);
      const both = await find('&pages=2');
      expect(both.ids?.sort()).toEqual([...ads].sort());
      expect(both.more).toBe(false);
      expect((await find(`&pages=${LIMITS.staffLookupPagesMax + 1}`)).status).toBe(400);
      // A key longer than any id, username or name is refused in words, not by its field's name.
      const tooLong = await kit.api(
        `/api/support/ads?key=${'x'.repeat(LIMITS.staffLookupKeyMax + 1)}`,
        { token: support.token },
      );
      expect(tooLong.status).toBe(400);
      expect(tooLong.body.msg).toBe(MESSAGES.staffLookupTooLong);
    } finally {
      await kit.close();
    }
  });
});

describe('support blocks a member', () => {
  it('blocks them, ends their sessions at once, and can unblock them', async () => {
    const kit = apiKit(app);
    try {
      const member = await kit.member('to_be_blocked');
      const support = await kit.member('support_sam', { roles: ['member', 'support'] });
      const auditor = await kit.member('audit_ann', { roles: ['member', 'auditor'] });
      const adId = await kit.ad(member);
      const adPage = (token: string) => kit.api(`/api/posts/post?item_id=${adId}`, { token });
      expect((await kit.api('/api/user', { token: member.token })).status).toBe(200);

      const refused = await kit.api(`/api/support/users/${member.userId}/block`, {
        token: auditor.token,
        json: { reason: 'spam' },
      });
      expect(refused.status).toBe(403);
      const noReason = await kit.api(`/api/support/users/${member.userId}/block`, {
        token: support.token,
        json: {},
      });
      expect(noReason.status).toBe(400);
      // Not themselves, and not other staff: that is an admin's call.
      for (const [target, message] of [
        [support, ACCOUNT_MESSAGES.cannotBlockSelf],
        [auditor, ACCOUNT_MESSAGES.onlyAdminBlocksStaff],
      ] as const) {
        const staffRefused = await kit.api(`/api/support/users/${target.userId}/block`, {
          token: support.token,
          json: { reason: 'spam' },
        });
        expect(staffRefused.status).toBe(403);
        expect(staffRefused.body.msg).toBe(message);
      }

      const blocked = await kit.api(`/api/support/users/${member.userId}/block`, {
        token: support.token,
        json: { reason: 'Posting fake ads' },
      });
      expect(blocked.status).toBe(200);
      expect(blocked.body.data).toMatchObject({ blocked: true, sessionsRevoked: 1 });
      expect((await kit.api('/api/user', { token: member.token })).status).toBe(401);
      const [row] = await kit.db('users').where({ user_id: member.userId });
      expect(row.is_blocked).toBe(true);
      // Their ad is gone from members' sight, not from staff's.
      expect((await adPage(auditor.token)).status).toBe(200);
      expect((await adPage(support.token)).status).toBe(200);
      const stranger = await kit.member('stranger_s');
      expect((await adPage(stranger.token)).status).toBe(404);
      // Staff's lookup lists it as withdrawn.
      const listed = await kit.api('/api/support/ads?key=to_be_blocked', { token: support.token });
      expect((listed.body.data as { ads: unknown[] }).ads).toEqual([
        expect.objectContaining({ _id: adId, withdrawn: true, bids: 0 }),
      ]);
      // Their app, renewing the ended session, learns why it ended.
      const renewal = () =>
        kit.api('/api/auth/refresh', { json: { refreshToken: member.refreshToken } });
      const refusedRenewal = await renewal();
      expect(refusedRenewal.status).toBe(403);
      expect(refusedRenewal.body).toMatchObject({
        code: 'ACCOUNT_BLOCKED',
        msg: ACCOUNT_MESSAGES.accountBlocked,
      });

      // Lifting the block wants its reason too.
      const unexplained = await kit.api(`/api/support/users/${member.userId}/unblock`, {
        token: support.token,
        json: { reason: '  ' },
      });
      expect(unexplained.status).toBe(400);
      expect(unexplained.body.msg).toBe('Please give a reason');
      const unblocked = await kit.api(`/api/support/users/${member.userId}/unblock`, {
        token: support.token,
        json: { reason: 'Appeal upheld' },
      });
      expect(unblocked.status).toBe(200);
      expect(unblocked.body).toMatchObject({ msg: 'Member unblocked.', data: { changed: true } });
      // Again, as a colleague who had not seen it: said, and nothing more recorded.
      const again = await kit.api(`/api/support/users/${member.userId}/unblock`, {
        token: support.token,
        json: { reason: 'Appeal upheld' },
      });
      expect(again.status).toBe(200);
      expect(again.body).toMatchObject({
        msg: MODERATION_ANSWERS.notBlocked,
        data: { changed: false },
      });
      const status = await kit.api(`/api/support/users/${member.userId}`, { token: support.token });
      expect((status.body.data as { history: unknown[] }).history).toHaveLength(2);
      // Nobody's id: the staff's words, not a member's 'Signup first'.
      const nobody = await kit.api(`/api/support/users/${randomUUID()}/block`, {
        token: support.token,
        json: { reason: 'Spam' },
      });
      expect(nobody.status).toBe(404);
      expect(nobody.body.msg).toBe(MESSAGES.noUsersFound);
      const [after] = await kit.db('users').where({ user_id: member.userId });
      expect(after.is_blocked).toBe(false);
      expect((await adPage(stranger.token)).status).toBe(200);
      // Unblocked, the ended session stays ended, as any other would.
      expect((await renewal()).status).toBe(401);
    } finally {
      await kit.close();
    }
  });
});

describe("support reads a member's moderation status", () => {
  it('says blocked, by whom and why, while the block lasts, and not blocked after', async () => {
    const kit = apiKit(app);
    try {
      const member = await kit.member('status_sita');
      const support = await kit.member('support_suma', { roles: ['member', 'support'] });
      const status = (token = support.token) =>
        kit.api(`/api/support/users/${member.userId}`, { token });

      const before = await status();
      expect(before.status).toBe(200);
      expect(before.body.data).toEqual({
        userId: member.userId,
        username: 'status_sita',
        blocked: false,
        blockedAt: null,
        blockedBy: null,
        blockedByUsername: null,
        reason: null,
        blockable: true,
        history: [],
        // How support reaches them, whatever they share with other members.
        contact: { email: expect.stringContaining('@'), phone: '9812345678', phoneCode: '+91' },
      });
      // Whom this viewer may block: not themselves, and staff only as an admin.
      const standingOf = async (userId: string, token: string) =>
        (await kit.api(`/api/support/users/${userId}`, { token })).body.data as {
          blockable: boolean;
        };
      const admin = await kit.member('admin_arya', { roles: ['member', 'admin'] });
      expect((await standingOf(support.userId, support.token)).blockable).toBe(false);
      expect((await standingOf(admin.userId, support.token)).blockable).toBe(false);
      expect((await standingOf(support.userId, admin.token)).blockable).toBe(true);

      await kit.api(`/api/support/users/${member.userId}/block`, {
        token: support.token,
        json: { reason: 'Fake bids on every car' },
      });
      const blocked = await status();
      expect(blocked.body.data).toMatchObject({
        blocked: true,
        blockedBy: support.userId,
        blockedByUsername: 'support_suma',
        reason: 'Fake bids on every car',
      });
      const { blockedAt } = blocked.body.data as { blockedAt: string };
      expect(Math.abs(Date.parse(blockedAt) - Date.now())).toBeLessThan(60_000);

      await kit.api(`/api/support/users/${member.userId}/unblock`, {
        token: support.token,
        json: { reason: 'Bids were his own, shown by the seller' },
      });
      expect((await status()).body.data).toMatchObject({
        blocked: false,
        blockedAt: null,
        blockedBy: null,
        reason: null,
        // The block lifted is still told, newest first, with who did each.
        history: [
          {
            action: 'unblocked',
            by: support.userId,
            byUsername: 'support_suma',
            reason: 'Bids were his own, shown by the seller',
          },
          {
            action: 'blocked',
            at: blockedAt,
            by: support.userId,
            byUsername: 'support_suma',
            reason: 'Fake bids on every car',
          },
        ],
      });
    } finally {
      await kit.close();
    }
  });

  it('is for support and admins only, and knows no unknown member', async () => {
    const kit = apiKit(app);
    try {
      const member = await kit.member('plain_pavan');
      const support = await kit.member('support_sunil', { roles: ['member', 'support'] });
      const auditor = await kit.member('audit_asha', { roles: ['member', 'auditor'] });
      const path = `/api/support/users/${member.userId}`;
      expect((await kit.api(path)).status).toBe(401);
      expect((await kit.api(path, { token: member.token })).status).toBe(403);
      expect((await kit.api(path, { token: auditor.token })).status).toBe(403);

      const unknown = await kit.api(`/api/support/users/${randomUUID()}`, {
        token: support.token,
      });
      expect(unknown.status).toBe(404);
      expect(unknown.body).toMatchObject({ error: true, msg: MESSAGES.noUsersFound });
      // An id longer than any is not found either, rather than refused in a validator's words.
      const tooLong = await kit.api(`/api/support/users/${'x'.repeat(3000)}`, {
        token: support.token,
      });
      expect(tooLong).toMatchObject({ status: 404, body: { msg: MESSAGES.noUsersFound } });
    } finally {
      await kit.close();
    }
  });
});
