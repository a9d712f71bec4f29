import { randomUUID } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { adStream, type AdEvent } from '@boli/engine/ads/ad.events';
import {
  ARJUN,
  MEENA,
  OWNER,
  POSTED,
  T0,
  at,
  bidPlaced,
  placeBid,
} from '@boli/engine/ads/ad.fixtures';
import { bidRefusalsStream, bidRefusedEvent } from '@boli/engine/ads/bidRefusal';
import type { EventStore } from '@boli/engine/eventStore/eventStore';
import { createPostgresEventStore } from '@boli/engine/eventStore/postgres/postgresEventStore';
import { GUEST_CONTACT_FORM } from '@boli/engine/social/social.fixtures';
import {
  indiaPickerValueOf,
  indiaWallClockOf,
  instantOfIndiaWallClock,
} from '@boli/engine/shared/indiaTime';
import { LIMITS } from '@boli/engine/shared/limits';
import { MESSAGES } from '@boli/engine/shared/messages';
import { apiKit, type ApiKit, type TestMember } from '../../../../ops/src/testing/apiKit.ts';
import { startApp, type TestApp } from '../../../../ops/src/testing/app.ts';
import { launchBrowser } from '../../../../ops/src/testing/browser.ts';
import {
  eventsAfterReplayLine,
  REPLAY_NEEDS_A_TIME,
} from '../../../../web/src/features/support/adHistory.ts';
import {
  HIDDEN_AMOUNTS_NOTE,
  STAFF_HISTORY_HINT,
} from '../../../../web/src/features/bidding/model/summaryRows.ts';

/*
 * Support's screens in Chromium, against the real api: /support/ads/{ad_id}
 * (web/src/features/support/) with an Open and a Hidden bid — the chain verified, each bid's
 * amount and which highest it is, the members named, the ad replayed between the two bids — and
 * /support/messages (web/src/features/contact/) with a guest's Contact Us message.
 * (This test lives beside the support api because web/src is typechecked without Node's types.)
 */

const AD_ID = `ad-${randomUUID()}`;
let app: TestApp;
let kit: ApiKit;
let browser: Browser;
let store: EventStore;
let support: TestMember;
let member: TestMember;

beforeAll(async () => {
  [app, browser] = await Promise.all([startApp(), launchBrowser()]);
  kit = apiKit(app);
  store = createPostgresEventStore({ connectionString: app.databaseUrl, maxConnections: 2 });
  support = await kit.member('supportb', { roles: ['member', 'support'] });
  member = await kit.member('plainb');
  const posted = POSTED.map((event) => ({
    ...event,
    data: { ...event.data, adId: AD_ID },
  })) as AdEvent[];
  const bids: [AdEvent, string, string][] = [
    [bidPlaced({ bidId: 'b1', amount: 120_000_00, placedAt: at(10) }), at(10), MEENA.userId],
    [
      bidPlaced({ bidId: 'b2', amount: 135_000_50, type: 'Hidden', placedAt: at(20) }, ARJUN),
      at(20),
      ARJUN.userId,
    ],
  ];
  const history: [AdEvent, string, string][] = [
    ...posted.map((event): [AdEvent, string, string] => [event, T0, OWNER.userId]),
    ...bids.map(([event, now, by]): [AdEvent, string, string] => [
      { ...event, data: { ...event.data, adId: AD_ID } } as AdEvent,
      now,
      by,
    ]),
  ];
  for (const [event, now, userId] of history) {
    await store.append(
      adStream(AD_ID),
      [{ ...event, metadata: { eventId: randomUUID(), now, actor: { userId, role: 'member' } } }],
      'any',
    );
  }
  const late = placeBid({ bidId: 'b3', amount: 140_000_00 }, at(30), ARJUN);
  const unreadable = placeBid({ bidId: 'b4', amount: null, amountSent: '12,000' }, at(31));
  await store.append(
    bidRefusalsStream(AD_ID),
    [
      bidRefusedEvent(AD_ID, late, { code: 'BIDDING_CLOSED', message: 'Bidding Closed' })!,
      bidRefusedEvent(AD_ID, unreadable, {
        code: 'BID_DETAILS_MISSING',
        message: 'Enter all bid details',
      })!,
    ],
    'no-stream',
  );
});

afterAll(async () => {
  await store?.close();
  await browser?.close();
  await kit?.close();
  await app?.stop();
});

async function openHistory(
  as: TestMember,
  adId = AD_ID,
  { clockOffMs = 0, query = '' }: { clockOffMs?: number; query?: string } = {},
): Promise<Page> {
  // A browser in UTC: the screen must still speak India time.
  const context = await browser.newContext({
    viewport: { width: 1600, height: 1000 },
    timezoneId: 'UTC',
  });
  const session = { jwt: as.token, refreshToken: '', userId: as.userId, username: as.username };
  await context.addInitScript({
    content: `for (const [k, v] of Object.entries(${JSON.stringify(session)})) localStorage.setItem(k, v);`,
  });
  const page = await context.newPage();
  // A device clock that is out (a phone a day slow): the screen goes by the server's.
  if (clockOffMs !== 0) await page.clock.install({ time: Date.now() + clockOffMs });
  await page.goto(new URL(`/support/ads/${adId}${query}`, app.baseUrl).href);
  return page;
}

describe('the support ad history screen', () => {
  it('shows every bid with its amount, names the members, and replays an earlier instant', async () => {
    const page = await openHistory(support);
    await page.getByText(`Hash chain intact over ${POSTED.length + 2} events.`).waitFor();

    const bids = page.getByRole('table', { name: 'Bids', exact: true });
    const open = bids.getByRole('row').filter({ hasText: MEENA.bidAlias });
    const hidden = bids.getByRole('row').filter({ hasText: ARJUN.bidAlias });
    expect(await open.innerText()).toMatch(/₹1,20,000[\s\S]*highest Open/);
    expect(await hidden.innerText()).toMatch(/₹1,35,000\.50[\s\S]*highest Hidden/);
    // '#' is each bid's place in the order recorded (Meena's came first), not its event's number.
    expect(await open.getByRole('cell').first().innerText()).toBe('1');
    expect(await hidden.getByRole('cell').first().innerText()).toBe('2');
    // Who leads, Hidden bids counted: what a "why didn't I win?" asks first.
    const leading = page.getByTestId('replay-leading');
    expect(await leading.innerText()).toBe(
      `Leading: ${ARJUN.bidAlias} (${ARJUN.username}), with the Hidden bid of ₹1,35,000.50, #2. ` +
        `${ARJUN.username}’s profile`,
    );
    // The bidder who leads, and the ad's owner, are a click from their profiles (and Moderation).
    expect(
      await leading.getByRole('link', { name: `${ARJUN.username}’s profile` }).getAttribute('href'),
    ).toBe(`/user_profile/${ARJUN.userId}`);
    expect(await page.getByTestId('history-owner').getByRole('link').getAttribute('href')).toBe(
      `/user_profile/${OWNER.userId}`,
    );

    // A refused bid, with the time it was judged at and what its bidder was told.
    await page.getByText('Hash chain intact over 2 refused bids.').waitFor();
    const refused = page.getByRole('table', { name: 'Refused bids' }).getByRole('row').nth(1);
    expect(await refused.innerText()).toMatch(
      new RegExp(`${ARJUN.bidAlias}[\\s\\S]*₹1,40,000[\\s\\S]*Bidding Closed`),
    );
    // …and its code, in sight under it: a phone cannot hover for a tooltip.
    const code = refused.getByTestId('refusal-code');
    expect(await code.isVisible()).toBe(true);
    expect(await code.innerText()).toBe('BIDDING_CLOSED');
    // An amount that was no amount is shown as it was sent.
    const unreadable = page.getByRole('table', { name: 'Refused bids' }).getByRole('row').nth(2);
    expect(await unreadable.innerText()).toMatch(/“12,000”\s*as sent[\s\S]*Enter all bid details/);
    await refused.getByRole('link', { name: ARJUN.username }).waitFor();

    const events = page.getByRole('table', { name: 'Events' });
    const postedRow = events.getByRole('row').filter({ hasText: 'AdPosted' });
    await postedRow.getByRole('link', { name: OWNER.username }).waitFor();
    // Each event shows the start of its hash, the whole of it on hover.
    const [first] = await store.readStream(adStream(AD_ID));
    const hash = postedRow.getByTitle(first!.hash);
    expect(await hash.innerText()).toBe(`${first!.hash.slice(0, 12)}…`);
    // Its gist opens onto all it recorded (a tap does it on a phone, which has no hover): both
    // instants in UTC, the whole hash, the data.
    const details = postedRow.locator('details');
    expect(await details.locator('pre').isVisible()).toBe(false);
    await details.locator('summary').click();
    const recorded = await details.locator('pre').innerText();
    expect(recorded).toContain(`"hash": "${first!.hash}"`);
    expect(recorded).toContain(`"recordedAt": "${first!.recordedAt.toISOString()}"`);
    expect(recorded).toContain(`"adId": "${AD_ID}"`);
    await events
      .getByRole('row')
      .filter({ hasText: ARJUN.bidAlias })
      .getByRole('link', { name: ARJUN.username })
      .waitFor();

    // Between the two bids: only the Open one had been placed. The box and the status speak India
    // time, whatever the browser's zone (UTC here).
    const between = indiaWallClockOf(at(15), { milliseconds: true });
    // Enter in the box replays; the keyboard then is on the line saying what is shown.
    await page.getByLabel('Replay as of (India time)').fill(indiaPickerValueOf(at(15)));
    await page.getByLabel('Replay as of (India time)').press('Enter');
    const status = page
      .getByTestId('replay-status')
      .filter({ hasText: `As of ${between} IST (${POSTED.length + 1} events): Open for bids` });
    await status.waitFor();
    await expect
      .poll(() =>
        status.evaluate(
          (element) =>
            element ===
            (globalThis as unknown as { document: { activeElement: unknown } }).document
              .activeElement,
        ),
      )
      .toBe(true);
    await page.getByRole('heading', { name: 'Bids (1)', exact: true }).waitFor();
    expect(await bids.getByRole('row').filter({ hasText: ARJUN.bidAlias }).count()).toBe(0);
    expect(await page.getByTestId('replay-leading').innerText()).toBe(
      `Leading: ${MEENA.bidAlias} (${MEENA.username}), with the Open bid of ₹1,20,000, #1. ` +
        `${MEENA.username}’s profile`,
    );
    // The refused bid was tried after that instant: listed, greyed.
    await page
      .getByTestId('refusals-after-replay')
      .filter({ hasText: 'All greyed below came after the replayed instant.' })
      .waitFor();
    // …which a screen reader is told in the row itself.
    await page
      .getByRole('table', { name: 'Refused bids' })
      .getByText('(after the replayed instant)')
      .first()
      .waitFor();
    // The whole log stays listed, for the hash chain, with what came after the moment greyed.
    const after = await events.locator('[data-after-replay]').count();
    expect(after).toBeGreaterThan(0);
    await page
      .getByTestId('events-after-replay')
      .filter({ hasText: eventsAfterReplayLine(POSTED.length + 1, POSTED.length + 1 + after)! })
      .waitFor();

    // The moment is in the address: a reload (or the link, sent on) replays it again, and Back
    // goes back to the latest.
    expect(new URL(page.url()).searchParams.get('asOf')).toBe(at(15));
    await page.reload();
    await page.getByRole('heading', { name: 'Bids (1)', exact: true }).waitFor();
    const shown = await page.getByLabel('Replay as of (India time)').inputValue();
    expect(instantOfIndiaWallClock(shown)).toBe(at(15));
    // To the millisecond: a bid and a deadline can be that close.
    const exact = new Date(Date.parse(at(15)) + 250).toISOString();
    await page.getByLabel('Replay as of (India time)').fill(`${indiaPickerValueOf(exact)}.250`);
    await page.getByLabel('Replay as of (India time)').press('Enter');
    await page.waitForURL((url) => url.searchParams.get('asOf') === exact);
    expect(
      instantOfIndiaWallClock(await page.getByLabel('Replay as of (India time)').inputValue()),
    ).toBe(exact);
    await page.goBack();
    await page.getByRole('heading', { name: 'Bids (1)', exact: true }).waitFor();
    await page.goBack();
    await page.getByRole('heading', { name: 'Bids (2)', exact: true }).waitFor();
    expect(await page.getByLabel('Replay as of (India time)').inputValue()).toBe('');

    // A link whose time is no time says so, rather than passing the latest off as that moment.
    await page.goto(new URL(`/support/ads/${AD_ID}?asOf=garbage`, app.baseUrl).href);
    await page.getByRole('heading', { name: 'Bids (2)', exact: true }).waitFor();
    expect(await page.getByTestId('unreadable-as-of').innerText()).toContain(
      "The link's time “garbage” is not a time: shown as of now.",
    );
    // Before the ad was posted nothing had happened: every event is greyed, and said to be.
    await page.goto(new URL(`/support/ads/${AD_ID}?asOf=${at(-60)}`, app.baseUrl).href);
    expect(await page.getByTestId('events-after-replay').innerText()).toBe(
      `None of these events had happened yet at that instant: all ${POSTED.length + 2} are greyed.`,
    );
    // A time still to come is not passed off as known either.
    await page.goto(
      new URL(`/support/ads/${AD_ID}?asOf=2099-01-01T00:00:00.000Z`, app.baseUrl).href,
    );
    expect(await page.getByTestId('future-as-of').innerText()).toBe(
      '2099-01-01 05:30:00.000 IST is still to come: this is the ad as it stands now, and what ' +
        'happens until then is not known yet.',
    );

    // On a phone each wide table scrolls in a box of its own, which the keyboard can reach.
    await page.setViewportSize({ width: 375, height: 812 });
    for (const table of ['Bids', 'Events', 'Refused bids']) {
      const region = page.getByRole('region', {
        name: `${table}: scroll sideways for more`,
        exact: true,
      });
      expect(await region.getAttribute('tabindex'), table).toBe('0');
    }
    // …says so above it, and shows first what settles a dispute: the order, the amount and its
    // type, who (the alias and the member behind it).
    expect(await page.getByTestId('scroll-sideways').count()).toBe(3);
    const scroller = page.getByRole('region', {
      name: 'Bids: scroll sideways for more',
      exact: true,
    });
    const [box, bidder, type] = [
      await scroller.boundingBox(),
      await open.getByRole('link', { name: MEENA.username, exact: true }).boundingBox(),
      await open.getByText('Open', { exact: true }).boundingBox(),
    ];
    expect(bidder!.x + bidder!.width).toBeLessThanOrEqual(box!.x + box!.width);
    expect(type!.x + type!.width).toBeLessThanOrEqual(box!.x + box!.width);
    // A refused bid: who, how much and why, with the why begun in view.
    const refusedBox = await page
      .getByRole('region', { name: 'Refused bids: scroll sideways for more', exact: true })
      .boundingBox();
    const why = await page
      .getByRole('table', { name: 'Refused bids' })
      .getByRole('cell', { name: /^Bidding Closed/ })
      .boundingBox();
    expect(why!.x).toBeLessThan(refusedBox!.x + refusedBox!.width - 100);
    // Scrolled to its end, a row still shows its number, and the line above it is hidden, its
    // place kept.
    await scroller.evaluate((element: { scrollLeft: number; scrollWidth: number }) => {
      element.scrollLeft = element.scrollWidth;
    });
    await expect
      .poll(() => page.getByTestId('scroll-sideways').filter({ visible: true }).count())
      .toBe(2);
    expect((await scroller.boundingBox())!.y).toBe(box!.y);
    const number = await bids.getByRole('row').nth(1).getByRole('cell').first().boundingBox();
    expect(number!.x).toBeGreaterThanOrEqual(box!.x);
    expect(number!.x + number!.width).toBeLessThanOrEqual(box!.x + box!.width);
    await page.screenshot({ path: '/tmp/boli-support-history-phone.png', fullPage: true });
  });

  it('is a button on the ad page for staff only', async () => {
    const page = await openHistory(support);
    await page.goto(new URL(`/ads/${AD_ID}`, app.baseUrl).href);
    // Under the summary's "you can see", staff are told where every amount is, and led there.
    await page.getByRole('link', { name: STAFF_HISTORY_HINT }).click();
    await page.waitForURL((url) => url.pathname === `/support/ads/${AD_ID}`);
    await page.getByText(/Hash chain intact over \d+ events/).waitFor();
    await page.goBack();
    // Exact: the staff hint's own name also contains "Bid history".
    await page.getByRole('link', { name: 'Bid history', exact: true }).click();
    await page.waitForURL((url) => url.pathname === `/support/ads/${AD_ID}`);
    await page.getByText(/Hash chain intact over \d+ events/).waitFor();

    const other = await openHistory(member);
    await other.goto(new URL(`/ads/${AD_ID}`, app.baseUrl).href);
    await other.getByText(HIDDEN_AMOUNTS_NOTE).waitFor();
    expect(await other.getByRole('link', { name: 'Bid history', exact: true }).count()).toBe(0);
    expect(await other.getByRole('link', { name: STAFF_HISTORY_HINT }).count()).toBe(0);
  });

  it('says an unknown ad is not found, with the ways back', async () => {
    const page = await openHistory(support);
    await page.goto(new URL('/support/ads/no-such-ad-123', app.baseUrl).href);
    await page.getByText('Ad not found').waitFor();
    // Asking again cannot find it: no Retry.
    expect(await page.getByRole('button', { name: 'Retry' }).count()).toBe(0);
    await page.getByRole('link', { name: 'Look up another ad' }).click();
    await page.getByRole('textbox', { name: 'Ad link, id, member or name' }).waitFor();
    await page.goBack();
    await page.getByRole('link', { name: 'Back to ads' }).click();
    await page.waitForURL((url) => url.pathname === '/');
  });

  it('tells a member without the support role that they may not', async () => {
    const page = await openHistory(member);
    await page.getByText('You are not allowed to do this.').waitFor();
    expect(await page.getByRole('link', { name: 'Look up another ad' }).count()).toBe(0);
    await page.getByRole('link', { name: 'Back to ads' }).click();
    await page.waitForURL((url) => url.pathname === '/');
  });
});

describe('the ad history lookup', () => {
  it('is in the staff menu, and opens the history of an ad from its pasted link', async () => {
    const page = await openHistory(support);
    await page.getByRole('button', { name: 'Menu' }).click();
    // Under a heading of their own, apart from the member's items.
    await page.getByRole('menu').getByText('Staff', { exact: true }).waitFor();
    await page.getByRole('menuitem', { name: 'Ad history' }).click();
    await page.waitForURL((url) => url.pathname === '/support/ads');
    await page.getByRole('button', { name: 'Show history' }).click();
    await page
      .getByText(
        'Paste the ad’s link, or type its id, the username, email or mobile of its owner or of a bidder, or its name.',
      )
      .waitFor();
    // A key longer than any id, username or name is refused here, in words.
    await page
      .getByLabel('Ad link, id, member or name')
      .fill('x'.repeat(LIMITS.staffLookupKeyMax + 1));
    await page.getByRole('button', { name: 'Show history' }).click();
    await page.getByText(MESSAGES.staffLookupTooLong).waitFor();
    // The ad's address carries its uid, not its id; a link is read whatever its length.
    const link = `${app.baseUrl}/ads/royal-enfield-1?ref=share&utm_source=${'x'.repeat(LIMITS.staffLookupKeyMax)}`;
    await page.getByLabel('Ad link, id, member or name').fill(link);
    await page.getByRole('button', { name: 'Show history' }).click();
    await page.waitForURL((url) => url.pathname === '/support/ads/royal-enfield-1');
    await page.getByRole('heading', { name: /^Ad history: Royal Enfield/ }).waitFor();
    await page.getByRole('heading', { name: 'Bids (2)', exact: true }).waitFor();
    // Disputes open in several tabs are told apart by their ads.
    await expect.poll(() => page.title()).toMatch(/^Ad history: Royal Enfield.* · Boli$/);
    // Back finds the link still in the field, for the next step of the dispute.
    await page.goBack();
    await page.waitForURL((url) => url.pathname === '/support/ads');
    await expect.poll(() => page.getByLabel('Ad link, id, member or name').inputValue()).toBe(link);
    // A link put in the lookup's address by hand opens the history too, as one typed does.
    await page.goto(
      new URL(
        `/support/ads?${new URLSearchParams({ key: `${app.baseUrl}/ads/royal-enfield-1` })}`,
        app.baseUrl,
      ).href,
    );
    await page.waitForURL((url) => url.pathname === '/support/ads/royal-enfield-1');
    await page.getByRole('heading', { name: /^Ad history: Royal Enfield/ }).waitFor();
  });

  it('finds an ad by its name, misspelt too, and opens its history from the list', async () => {
    const page = await openHistory(support);
    await page.goto(new URL('/support/ads', app.baseUrl).href);
    const field = page.getByLabel('Ad link, id, member or name');
    await field.fill('royal enfeild classic');
    await field.press('Enter');
    const found = page.getByRole('region', { name: 'Ads found' });
    await found.getByText('Ads found for “royal enfeild classic”').waitFor();
    await found.getByText(/found by words in it$/).waitFor();
    // Its bids are counted before its history is opened.
    await found.getByText(/^by .+, posted \d\d-\d\d-\d{4} · 2 bids · /).waitFor();
    // The key is in the address…
    expect(new URL(page.url()).searchParams.get('key')).toBe('royal enfeild classic');
    const result = found.getByRole('link', { name: 'Royal Enfield Classic 350', exact: true });
    await result.click();
    await page.waitForURL((url) => url.pathname === `/support/ads/${AD_ID}`);
    await page.getByRole('heading', { name: /^Ad history: Royal Enfield/ }).waitFor();
    // …so Back shows the key and its list again, for the member's next ad; so does a reload, and
    // the link sent on.
    await page.goBack();
    await result.waitFor();
    expect(await field.inputValue()).toBe('royal enfeild classic');
    // …with the keyboard on the ad that was opened, to go on from there.
    await page.waitForFunction(
      "document.activeElement?.textContent === 'Royal Enfield Classic 350'",
    );
    await page.reload();
    await result.waitFor();
    expect(await field.inputValue()).toBe('royal enfeild classic');
    const shared = await page.context().newPage();
    await shared.goto(new URL('/support/ads?key=royal%20enfeild%20classic', app.baseUrl).href);
    await shared
      .getByRole('region', { name: 'Ads found' })
      .getByRole('link', { name: 'Royal Enfield Classic 350', exact: true })
      .waitFor();
    await shared.close();
    // A name no ad has is said, with the other ways in.
    await page.getByLabel('Ad link, id, member or name').fill('Zzyzx Qwrtp');
    await page.getByRole('button', { name: 'Show history' }).click();
    await page
      .getByText(
        'No ad was found for “Zzyzx Qwrtp”. Paste the ad’s link, or type its id, the username, email or mobile of its owner or of a bidder, or words of its name.',
      )
      .waitFor();
    // A misspelt username is said to be no member's, with the usernames like it, each a lookup.
    await field.fill(`${member.username}x`);
    await field.press('Enter');
    const noMember = page.getByTestId('no-member');
    await noMember.getByText(`No member has the username “${member.username}x”.`).waitFor();
    await noMember.getByRole('link', { name: member.username, exact: true }).click();
    await page.waitForURL((url) => url.searchParams.get('key') === member.username);
    await page.getByText(`No ad was found for “${member.username}”.`, { exact: false }).waitFor();
    expect(await noMember.count()).toBe(0);
    await page.context().close();
  });
});

describe('the ad history lookup, given a hyphen', () => {
  it('searches a hyphenated word of a name, and opens an ad by its whole id or uid', async () => {
    const page = await openHistory(support);
    await page.goto(new URL('/support/ads', app.baseUrl).href);
    const field = page.getByLabel('Ad link, id, member or name');
    const found = page.getByRole('region', { name: 'Ads found' });
    // A word of a name with a hyphen in it (Harley-Davidson, Wi-Fi) is searched, not taken for
    // an ad's id.
    await field.fill('Royal-Enfield');
    await page.getByRole('button', { name: 'Show history' }).click();
    await found.getByText('Ads found for “Royal-Enfield”').waitFor();
    await found.getByRole('link', { name: 'Royal Enfield Classic 350', exact: true }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/support/ads');
    await field.fill('nonexistent-zzzz');
    await field.press('Enter');
    await page.getByText('No ad was found for “nonexistent-zzzz”.', { exact: false }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/support/ads');
    // The whole id, or the uid of its link, opens that ad's history, whatever its shape.
    for (const key of [AD_ID, 'royal-enfield-1']) {
      await field.fill(key);
      await field.press('Enter');
      await page.waitForURL((url) => url.pathname === `/support/ads/${AD_ID}`);
      await page.getByRole('heading', { name: /^Ad history: Royal Enfield/ }).waitFor();
      // Back leads to the lookup as it was, not to a page that opens the ad again.
      await page.goBack();
      await page.waitForURL((url) => url.pathname === '/support/ads');
      await page.getByText('No ad was found for “nonexistent-zzzz”.', { exact: false }).waitFor();
      expect(new URL(page.url()).pathname).toBe('/support/ads');
    }
    await page.context().close();
  });
});

describe('the ad history, asked again', () => {
  it('shows a bid placed since on Latest, and says Replay needs a time', async () => {
    const page = await openHistory(support);
    const bidsHeading = (count: number) =>
      page.getByRole('heading', { name: `Bids (${count})`, exact: true });
    await bidsHeading(2).waitFor();
    // A bid recorded while the page is open: Latest asks again, though its address is the same.
    const placed = bidPlaced({ bidId: 'b5', amount: 150_000_00, placedAt: at(40) });
    const since = { ...placed, data: { ...placed.data, adId: AD_ID } } as AdEvent;
    const metadata = {
      eventId: randomUUID(),
      now: at(40),
      actor: { userId: MEENA.userId, role: 'member' as const },
    };
    await store.append(adStream(AD_ID), [{ ...since, metadata }], 'any');
    await page.getByRole('button', { name: 'Latest', exact: true }).click();
    await bidsHeading(3).waitFor();

    // Replay with no time is refused where the time goes, not taken for the latest state.
    const time = page.getByLabel('Replay as of (India time)');
    await page.getByRole('button', { name: 'Replay', exact: true }).click();
    // Said as it appears, and named by the field the keyboard is taken to.
    await page.getByRole('alert').filter({ hasText: REPLAY_NEEDS_A_TIME }).waitFor();
    expect(await time.getAttribute('aria-invalid')).toBe('true');
    expect(await time.getAttribute('aria-describedby')).toBe('replay-as-of-helper-text');
    expect(
      await time.evaluate(
        (field) =>
          field ===
          (globalThis as unknown as { document: { activeElement: unknown } }).document
            .activeElement,
      ),
    ).toBe(true);
    await time.fill(indiaPickerValueOf(at(15)));
    expect(await page.getByText(REPLAY_NEEDS_A_TIME).count()).toBe(0);
    await time.press('Enter');
    await bidsHeading(1).waitFor();
    await page.context().close();
  });
});

describe('the contact messages screen', () => {
  it('lists what a guest wrote through Contact Us, reached from the menu', async () => {
    const form = GUEST_CONTACT_FORM;
    expect((await kit.api('/api/contactus', { json: form })).status).toBe(200);

    const page = await openHistory(support);
    await page.getByRole('button', { name: 'Menu' }).click();
    await page.getByRole('menuitem', { name: 'Contact messages' }).click();
    await page.waitForURL((url) => url.pathname === '/support/messages');
    const row = page.getByTestId('contact-message').filter({ hasText: form.description });
    await row.waitFor();
    const text = await row.innerText();
    for (const part of ['Inquiry', 'Guest Visitor (guest)', form.email, '98765 · India'])
      expect(text).toContain(part);
    // An everyday email is one line in the table: the long message beside it gives way, not it.
    const everyday = {
      ...form,
      email: 'rahul.verma@demo.boli.example',
      description:
        'Where is my invoice? The payment went through yesterday and the page said paid, but no email came with it.',
    };
    expect((await kit.api('/api/contactus', { json: everyday })).status).toBe(200);
    await page.reload();
    const mailto = page.getByRole('link', { name: everyday.email, exact: true }).first();
    await mailto.waitFor();
    const lineHeight = await mailto.evaluate((link: unknown) =>
      parseFloat(
        (
          globalThis as unknown as { getComputedStyle(e: unknown): { lineHeight: string } }
        ).getComputedStyle(link).lineHeight,
      ),
    );
    expect((await mailto.boundingBox())!.height).toBeLessThan(lineHeight * 1.5);

    // The longest email and the longest word a sender may type wrap, in the table on a desktop
    // and in the cards on a phone: no message pushes the others' text out of sight.
    const unbroken = {
      ...form,
      email: `${'a'.repeat(88)}@example.in`,
      description: 'x'.repeat(149),
    };
    expect((await kit.api('/api/contactus', { json: unbroken })).status).toBe(200);
    await page.reload();
    await page.getByTestId('contact-message').filter({ hasText: unbroken.email }).waitFor();
    const sideways = await page
      .getByRole('table', { name: 'Contact messages' })
      .evaluate(
        (table: { parentElement: { scrollWidth: number; clientWidth: number } | null }) =>
          table.parentElement!.scrollWidth - table.parentElement!.clientWidth,
      );
    expect(sideways).toBeLessThanOrEqual(0);
    // Narrower than a desktop (a phone, a tablet), where the table would scroll sideways: cards.
    for (const screen of [
      { width: 390, height: 844 },
      { width: 768, height: 1024 },
    ]) {
      await page.setViewportSize(screen);
      const card = page
        .getByRole('list', { name: 'Contact messages' })
        .getByTestId('contact-message')
        .filter({ hasText: unbroken.email });
      await card.waitFor();
      expect(
        await page.evaluate(
          'document.documentElement.scrollWidth - document.documentElement.clientWidth',
        ),
        JSON.stringify(screen),
      ).toBeLessThanOrEqual(0);
    }
  });

  it('marks a message handled, lists it under Handled with who did it, and reopens it', async () => {
    const form = { ...GUEST_CONTACT_FORM, description: `Please call me back ${randomUUID()}` };
    expect((await kit.api('/api/contactus', { json: form })).status).toBe(200);
    const page = await openHistory(support);
    await page.goto(new URL('/support/messages', app.baseUrl).href);
    const row = page.getByTestId('contact-message').filter({ hasText: form.description });
    expect(await row.getByTestId('message-status').innerText()).toBe('Waiting');
    await row.getByRole('button', { name: 'Mark handled' }).click();
    await page.getByText('Marked handled.').waitFor();
    await row.waitFor({ state: 'detached' });
    // Its button went with it: the keyboard is on the next message's button, not lost.
    await expect
      .poll(() =>
        page.evaluate(
          "document.activeElement?.getAttribute('aria-label') ?? document.activeElement?.tagName",
        ),
      )
      .toMatch(/^Mark handled: .+ from /);

    await page.getByRole('button', { name: 'Handled', exact: true }).click();
    expect(new URL(page.url()).searchParams.get('status')).toBe('handled');
    expect(await row.getByTestId('message-status').innerText()).toMatch(
      new RegExp(`^Handled by ${support.username} · `),
    );
    // The choice is in the address: a reload keeps it, and Back goes back to the one before.
    await page.reload();
    await row.getByRole('button', { name: 'Reopen' }).waitFor();
    await page.goBack();
    await page.waitForURL((url) => url.searchParams.get('status') !== 'handled');
    await page.goForward();
    await row.getByRole('button', { name: 'Reopen' }).click();
    await row.waitFor({ state: 'detached' });
    await page.getByRole('button', { name: 'Waiting' }).click();
    expect(await row.getByTestId('message-status').innerText()).toBe('Waiting');

    // An old link to a later page of a list now empty shows its first page, the address too.
    await page.goto(new URL('/support/messages?status=handled&page=3', app.baseUrl).href);
    await page.getByText('No messages are handled.').first().waitFor();
    await page.waitForURL((url) => !url.searchParams.has('page'));
    expect(await page.getByRole('navigation', { name: /pagination/i }).count()).toBe(0);
  });

  it('is neither in a plain member’s menu nor open to them', async () => {
    const page = await openHistory(member);
    await page.goto(new URL('/support/messages', app.baseUrl).href);
    await page.getByText('You are not allowed to do this.').waitFor();
    await page.getByRole('button', { name: 'Menu' }).click();
    await page.getByRole('menuitem', { name: 'Transactions' }).waitFor();
    expect(await page.getByRole('menuitem', { name: 'Contact messages' }).count()).toBe(0);
    expect(await page.getByRole('menu').getByText('Staff', { exact: true }).count()).toBe(0);
  });
});

// Last, as the next: its ad is the fixture's Royal Enfield too, which the searches above would find.
describe('the history of an ad edited while it took bids', () => {
  it('says what each edit changed from what, and shows the ad as it read at a replayed instant', async () => {
    const adId = `ad-${randomUUID()}`;
    const ofThisAd = (event: AdEvent): AdEvent =>
      ({ ...event, data: { ...event.data, adId } }) as AdEvent;
    const edit: AdEvent = {
      type: 'AdEdited',
      data: {
        adId,
        changes: { price: 110_000_00, yearOfManufacture: 2018 },
        editedAt: at(20),
      },
    };
    const history: [AdEvent, string, string][] = [
      ...POSTED.map((event): [AdEvent, string, string] => [event, T0, OWNER.userId]),
      [bidPlaced({ bidId: 'e1', amount: 100_000_00, placedAt: at(10) }), at(10), MEENA.userId],
      [edit, at(20), OWNER.userId],
      [bidPlaced({ bidId: 'e2', amount: 105_000_00, placedAt: at(30) }), at(30), MEENA.userId],
    ];
    for (const [event, now, userId] of history) {
      await store.append(
        adStream(adId),
        [
          {
            ...ofThisAd(event),
            metadata: { eventId: randomUUID(), now, actor: { userId, role: 'member' } },
          },
        ],
        'any',
      );
    }
    const page = await openHistory(support, adId);
    const events = page.getByRole('table', { name: 'Events' });
    const edited = events.getByRole('row').filter({ hasText: 'AdEdited' });
    await edited
      .getByText('Price ₹1,25,000 → ₹1,10,000; Year of manufacture 2019 → 2018')
      .waitFor();
    // The bid placed after the price changed says so, under its amount; the one before does not.
    const bids = page.getByRole('table', { name: 'Bids' });
    const marks = bids.getByTestId('bid-price-edited');
    await marks.getByText('Price edited before it: ₹1,25,000 → ₹1,10,000').waitFor();
    expect(await marks.count()).toBe(1);
    expect(await bids.getByRole('row').nth(2).innerText()).toContain('Price edited before it');
    // Now, after the ad's last event (the second bid), not "as of" a time nobody asked for.
    await page
      .getByTestId('replay-status')
      .getByText(/^Now, its last event at .* IST \(\d+ events\): Open for bids$/)
      .waitFor();
    // Now: the ad reads as edited.
    const then = page.getByTestId('replay-details');
    await then.getByText('The ad as it read then: Royal Enfield Classic 350, ₹1,10,000').waitFor();
    // When the bid was placed: as it read before the edit, every detail on opening.
    await page.goto(new URL(`/support/ads/${adId}?asOf=${at(15)}`, app.baseUrl).href);
    await then.getByText('The ad as it read then: Royal Enfield Classic 350, ₹1,25,000').waitFor();
    await then.locator('summary').click();
    expect(await then.locator('dl').innerText()).toMatch(/Year of manufacture\s+2019/);
    await page.context().close();
  });
});

// Last: its ads (the fixture's Royal Enfield under other names) would crowd the searches above.
describe('the ad history lookup, given a member with many ads', () => {
  it("lists a member's ads a page at a time, Show more adding the next", async () => {
    const owner = await kit.member('manyads');
    for (let n = 0; n <= LIMITS.adPageSize; n++)
      await kit.ad(owner, { itemName: `Sarangi lot ${n}` });
    const page = await openHistory(support);
    await page.goto(new URL('/support/ads?key=manyads', app.baseUrl).href);
    const found = page.getByRole('region', { name: 'Ads found' });
    const links = found.getByRole('link');
    await expect.poll(() => links.count()).toBe(LIMITS.adPageSize);
    await found
      .getByText(`(the newest ${LIMITS.adPageSize}; Show more lists the next ${LIMITS.adPageSize})`)
      .waitFor();
    await found.getByRole('button', { name: 'Show more' }).click();
    await expect.poll(() => links.count()).toBe(LIMITS.adPageSize + 1);
    // All listed: no more to show; the keyboard is on the first ad Show more added.
    expect(await found.getByRole('button', { name: 'Show more' }).count()).toBe(0);
    await expect
      .poll(() =>
        links
          .nth(LIMITS.adPageSize)
          .evaluate(
            (link) =>
              link ===
              (globalThis as unknown as { document: { activeElement: unknown } }).document
                .activeElement,
          ),
      )
      .toBe(true);
    // A reload lists them all again.
    expect(new URL(page.url()).searchParams.get('pages')).toBe('2');
    await page.reload();
    await expect.poll(() => links.count()).toBe(LIMITS.adPageSize + 1);
    await page.context().close();
  });
});

describe('the history of an ad with many bids', () => {
  it('shows its bids a page at a time, one bidder’s on asking, and saves them as a spreadsheet', async () => {
    const adId = `ad-${randomUUID()}`;
    const ofThisAd = (event: AdEvent): AdEvent =>
      ({ ...event, data: { ...event.data, adId } }) as AdEvent;
    // 150 bids, every tenth Arjun's (alias 'tigerlily'), the rest Meena's.
    const bids = Array.from({ length: 150 }, (_, n): [AdEvent, string, string] => {
      const bidder = n % 10 === 0 ? ARJUN : MEENA;
      const placedAt = at(10 + n / 10);
      const placed = bidPlaced(
        { bidId: `m${n + 1}`, amount: (100_000 + n) * 100, placedAt },
        bidder,
      );
      return [placed, placedAt, bidder.userId];
    });
    const history = [
      ...POSTED.map((event): [AdEvent, string, string] => [event, T0, OWNER.userId]),
      ...bids,
    ];
    await store.append(
      adStream(adId),
      history.map(([event, now, userId]) => ({
        ...ofThisAd(event),
        metadata: { eventId: randomUUID(), now, actor: { userId, role: 'member' } },
      })),
      'no-stream',
    );
    const page = await openHistory(support, adId);
    const table = page.getByRole('table', { name: 'Bids' });
    const places = async () =>
      (await table.locator('tbody tr td:first-child').allInnerTexts()).map(Number);
    await page.getByRole('heading', { name: 'Bids (150)', exact: true }).waitFor();
    // A page of them drawn at once, the rest a page number away.
    expect(await places()).toEqual(Array.from({ length: 100 }, (_, n) => n + 1));
    await page
      .getByRole('navigation', { name: 'Pages of bids' })
      .getByRole('button', { name: 'Go to page 2' })
      .click();
    await page.waitForURL(/bidsPage=2/);
    await expect.poll(places).toEqual(Array.from({ length: 50 }, (_, n) => n + 101));
    // Shown from the table's top, not the screen's: the heading is in view, the page scrolled.
    const heading = page.getByRole('heading', { name: 'Bids (150)', exact: true });
    await expect
      .poll(() => heading.evaluate((el) => Math.round(el.getBoundingClientRect().top)))
      .toBeLessThan(200);
    expect(await page.evaluate('Math.round(window.scrollY)')).toBeGreaterThan(0);
    await page.getByRole('navigation', { name: 'Pages of events' }).waitFor();
    // One bidder's, by the alias a complaint quotes (any case), each keeping its place.
    await page.getByLabel('Bidder (username, alias or id)').fill('TigerLily');
    await page.getByRole('heading', { name: 'Bids (15 of 150)', exact: true }).waitFor();
    expect(await places()).toEqual(Array.from({ length: 15 }, (_, n) => n * 10 + 1));
    expect(page.url()).toContain('bidder=TigerLily');
    expect(page.url()).not.toContain('bidsPage');
    // Saved as shown: the file names the ad and says it holds some of its bids.
    const saving = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Download CSV' }).click();
    const file = await saving;
    expect(file.suggestedFilename()).toBe(`boli-bids-${adId}-matching.csv`);
    const lines = (await readFile(await file.path(), 'utf8')).trimEnd().split('\r\n');
    expect(lines[0]).toMatch(/^\uFEFFOutcome,#,Amount \(₹\),/);
    expect(lines).toHaveLength(16);
    expect(lines[1]).toMatch(/^taken,1,100000\.00,,Open,Before,tigerlily,arjun_p,u-arjun,/);
    expect(lines.slice(1).every((line) => line.includes(',arjun_p,'))).toBe(true);
    // A reload shows the same rows; nobody's bids are said to be none.
    await page.reload();
    await page.getByRole('heading', { name: 'Bids (15 of 150)', exact: true }).waitFor();
    await page.getByLabel('Bidder (username, alias or id)').fill('nobody here');
    await page.getByTestId('no-bids-found').getByText('No bid by “nobody here”.').waitFor();
    // Its label is read whole, ids and all, on a tablet and on a desktop: empty and unfocused,
    // where it is written in full size.
    const label = page.locator('label[for="history-bidder"]');
    await page.getByLabel('Bidder (username, alias or id)').fill('');
    await page.getByRole('heading', { name: /^Bids \(/ }).click();
    for (const width of [768, 1366]) {
      await page.setViewportSize({ width, height: 900 });
      expect(
        await label.evaluate((shown) => shown.scrollWidth - shown.clientWidth),
        `at ${width} px`,
      ).toBeLessThanOrEqual(0);
    }
    await page.context().close();
  });
});

describe('the ad history on a device whose clock is out', () => {
  it('judges an instant to come by the server’s clock, not the device’s', async () => {
    const hourAgo = new Date(Date.now() - 3_600_000).toISOString();
    const page = await openHistory(support, AD_ID, {
      clockOffMs: -86_400_000,
      query: `?asOf=${encodeURIComponent(hourAgo)}`,
    });
    await page.getByTestId('replay-status').waitFor();
    expect(await page.getByTestId('future-as-of').count()).toBe(0);
    await page.context().close();
    // An hour ahead is to come, on a device two hours fast too.
    const hourAhead = new Date(Date.now() + 3_600_000).toISOString();
    const fast = await openHistory(support, AD_ID, {
      clockOffMs: 2 * 3_600_000,
      query: `?asOf=${encodeURIComponent(hourAhead)}`,
    });
    await fast.getByTestId('future-as-of').waitFor();
    await fast.context().close();
  });
});
