import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import knex from 'knex';
import sharp from 'sharp';
import type { Browser, Page } from 'playwright-core';
import {
  adSpaceStream,
  slotSpaceId,
  type AdSpaceActivated,
} from '@boli/engine/adspace/adSpace.events';
import { addDays, displayDate, indiaDateOf, startOfIndiaDay } from '@boli/engine/shared/indiaTime';
import { createPostgresEventStore } from '@boli/engine/eventStore/postgres/postgresEventStore';
import { waitForProjections } from '@boli/projections';
import { LIMITS } from '@boli/engine/shared/limits';
import { MESSAGES } from '@boli/engine/shared/messages';
import { ADSPACE_MESSAGES } from '@boli/engine/adspace/adspace.messages';
import type { TestApp } from '../../ops/src/testing/app.ts';
import {
  loseFirstAnswer,
  PHONE,
  sidewaysOverflowOnPhone,
  TOUCH_PHONE,
  textLinesOf,
  withAppAndBrowser,
} from './support/harness.ts';
import { TOUCH_TARGET_PX } from '../src/app/theme.ts';
import { AMOUNT_TYPED_HINT } from '../src/lib/numberInput.ts';
import { createMember, grantRoles, openAs, openPage, type Member } from './support/members.ts';
import {
  api,
  awaitPaymentOutcome,
  clickInCheckout,
  expectPriceBreakup,
  memberWhoseTrialEnded,
  postAd,
  sandboxCheckout,
} from './support/payments.ts';
import { lastBiddableSlotDate, slotBiddingEndsAt } from '@boli/engine/adspace/adSlot.rules';
import { BILLING_MESSAGES } from '@boli/engine/billing/billing.messages';
import { paymentGatewayOf } from '@boli/api/infrastructure';
import { createLogger } from '@boli/api/logger';
import { billingSettingsOf } from '@boli/api/routes/billing/billingDeps';
import { closeSlotWhenBiddingEnds } from '../../ops/src/jobs/slotClosing.ts';
import {
  SLOT_BID_QUOTE_LABEL,
  slotClosedText,
  slotTerms,
} from '../src/features/adspace/model/slotTerms.ts';
import { formatDate } from '../src/lib/format.ts';
import { PAYMENT_TEXTS } from '../src/payments/model/paymentTexts.ts';
import { biddableMonthCount } from '../src/features/adspace/model/calendarEvents.ts';

/*
 * Ad space in Chromium against the real api, read models and the sandbox gateway: a member buys
 * an inStream space through the checkout, uploads a creative and sees it among the ads of the ad
 * list (counted as one impression); then bids for a sidePanels slot from the calendar's year view.
 */

let app: TestApp;
let browser: Browser;

withAppAndBrowser((running) => ({ app, browser } = running));

/** An address in Gujarat, as the reference lists name it. */
const GUJARAT_ADDRESS = {
  houseno: '4',
  street: 'CG Road',
  city: 'Ahmedabad',
  country: 'India',
  state: 'Gujarat',
  district: 'Ahmedabad',
  neighbourHood: 'Navrangpura',
  pincode: '380009',
};

/** Chooses `option` in the select labelled `label`. */
async function chooseOption(page: Page, label: string, option: string) {
  await page.getByRole('combobox', { name: label }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
  await page.getByRole('listbox').waitFor({ state: 'hidden' });
}

/** A logged-in page wide enough for the side ad columns. */
const memberPage = async (member: Member, timezoneId?: string): Promise<Page> =>
  (await openAs(browser, member, { width: 1400, height: 1000 }, timezoneId)).page;

const creativePhoto = (r = 240, g = 160, b = 20) =>
  sharp({ create: { width: 320, height: 160, channels: 3, background: { r, g, b } } })
    .jpeg()
    .toBuffer();

/**
 * The member as the winner of today's slot of `type`: the space its sale gave it (00:00 to 24:00
 * India time today). Bidding for a slot ends the day before, so a test cannot bid for today; the
 * event is written as the slot's sale writes it, then the creative is uploaded over the api.
 */
async function todaysSlotWonBy(app: TestApp, member: Member, type: 'sidePanels' | 'authPages') {
  const today = indiaDateOf(new Date().toISOString());
  const spaceId = slotSpaceId(type, today);
  const startsAt = startOfIndiaDay(today);
  const activated: AdSpaceActivated = {
    type: 'AdSpaceActivated',
    data: {
      spaceId,
      userId: member.userId,
      spaceType: type,
      cycle: 'daily',
      source: { kind: 'slot', slotdate: today, bidId: randomUUID() },
      startsAt,
      endsAt: startOfIndiaDay(addDays(today, 1)),
      company: 'Kite Tea',
      activatedAt: startsAt,
    },
  };
  const store = createPostgresEventStore({ connectionString: app.databaseUrl });
  const db = knex({ client: 'pg', connection: app.databaseUrl, pool: { min: 0, max: 2 } });
  try {
    const { lastPosition } = await store.append(
      adSpaceStream(spaceId),
      [{ ...activated, metadata: { eventId: randomUUID(), now: startsAt } }],
      'no-stream',
    );
    expect(await waitForProjections(db, ['ad_spaces'], lastPosition, 30_000)).toBe(true);
  } finally {
    await store.close();
    await db.destroy();
  }
  const form = new FormData();
  form.append('company', 'Kite Tea');
  const photo = await creativePhoto(20, 120, 200);
  form.append('media', new Blob([new Uint8Array(photo)], { type: 'image/jpeg' }), 'kite.jpg');
  const uploaded = await api(app, `/api/space/upload/${spaceId}`, { token: member.token, form });
  expect(uploaded.status, JSON.stringify(uploaded.body)).toBe(200);
  return { spaceId, url: String((uploaded.body.data as { url: string }).url) };
}

describe('ad space', () => {
  it('buys an inStream space, uploads its creative and shows it in the ad list', async () => {
    const member = await createMember(app, { address: true });
    // Enough ads that the list scrolls on a phone, with a creative among them.
    for (const itemName of ['Tabla set', 'Sitar', 'Harmonium', 'Veena']) {
      await postAd(app, member, { itemName });
    }
    const page = await memberPage(member);

    // The space type and cycle chosen are kept in the address: a reload shows them again.
    await page.goto(new URL('/buyAdSpace', app.baseUrl).href);
    const price = page.getByRole('region', { name: 'Ad space price' });
    await price.waitFor();
    await chooseOption(page, 'Space type', 'Between posts');
    await chooseOption(page, 'Cycle', 'Quarterly');
    await page.waitForURL((url) => url.search === '?type=betweenPosts&cycle=quarterly');
    await page.reload();
    await expect
      .poll(() => price.innerText())
      .toMatch(/Between posts · Quarterly: ₹[\d,.]+ before tax/);
    // Chosen back, the defaults leave the address as the menu's link has it.
    await chooseOption(page, 'Space type', 'In stream');
    await chooseOption(page, 'Cycle', 'Monthly');
    await page.waitForURL((url) => url.search === '');

    // The price with its tax breakup, then Make payment through the sandbox checkout.
    const breakup = page.getByRole('table', { name: 'Ad space price breakup' });
    await breakup.waitFor();
    expect(await breakup.innerText()).toMatch(/Total after tax\s+₹[\d,.]+/);
    await expect.poll(() => price.innerText()).toMatch(/In stream · Monthly: ₹[\d,.]+ before tax/);
    await page.getByRole('button', { name: 'Make payment' }).click();
    // Back closes the checkout as its Close does (Razorpay's modal.handleback), on the same page:
    // nothing was charged, and Try again opens the checkout again.
    await sandboxCheckout(page).getByRole('button', { name: 'Pay', exact: true }).waitFor();
    await page.goBack();
    await page.getByText(PAYMENT_TEXTS.cancelled).waitFor();
    expect(new URL(page.url()).pathname).toBe('/buyAdSpace');
    await page.getByRole('button', { name: 'Try again' }).click();
    await sandboxCheckout(page).getByRole('button', { name: 'Pay', exact: true }).waitFor();
    await clickInCheckout(page, 'Pay');
    await page.getByRole('status').filter({ hasText: 'Payment successful.' }).first().waitFor({
      timeout: 45_000,
    });
    // The checkout left with the keyboard's focus: it is on the notice, not back at the top.
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.textContent ?? ''))
      .toContain('Payment successful.');

    // The active space, with its details and the ad upload area.
    const space = page.getByRole('region', { name: 'Your ad spaces' }).getByRole('article', {
      name: 'In stream',
    });
    await space.waitFor({ timeout: 20_000 });
    expect(await space.innerText()).toMatch(/Active[\s\S]*Cycle\s+Monthly/);
    const listed = await api(app, '/api/space/list', { token: member.token });
    const [bought] = listed.body.data as { _id: string; status: string }[];
    expect(bought).toMatchObject({ status: 'active' });

    await space.getByLabel('Company').fill('Kite Tea');
    // The ad's link, to the advertiser's page: one that is not a web address is mended before a
    // file is chosen.
    const link = space.getByLabel('Link (optional)');
    await link.fill('kite-tea.example');
    await space.getByRole('button', { name: 'Choose photo or video' }).click();
    await space.getByText(ADSPACE_MESSAGES.creativeLinkInvalid).waitFor();
    expect(await link.getAttribute('aria-invalid')).toBe('true');
    await expect.poll(() => link.evaluate((input) => input === document.activeElement)).toBe(true);
    await link.fill('https://kite-tea.example/');
    await space.getByTestId('creative-input').setInputFiles({
      name: 'kite-tea.jpg',
      mimeType: 'image/jpeg',
      buffer: await creativePhoto(),
    });
    const uploaded = space.getByTestId('space-creative').getByRole('img');
    await uploaded.waitFor({ timeout: 30_000 });
    const creativeUrl = await uploaded.getAttribute('src');
    expect(creativeUrl).toMatch(/^\/media\//);
    await page.screenshot({ path: '/tmp/boli-adspace-bought.png', fullPage: true });

    // The ad list shows it among the ads, and counts it seen once.
    const impression = page.waitForRequest(
      (request) => request.method() === 'POST' && request.url().endsWith('/api/space/impression'),
    );
    await page.goto(new URL('/ads', app.baseUrl).href);
    const shown = page.getByTestId('space-ad-inStream');
    await shown.waitFor({ timeout: 20_000 });
    expect(await shown.getAttribute('data-space-id')).toBe(bought!._id);
    expect(await shown.getByRole('img').getAttribute('src')).toBe(creativeUrl);
    expect(await shown.innerText()).toContain('Kite Tea');
    // A click opens the advertiser's page, in a tab of its own.
    expect(await shown.getByRole('link').getAttribute('href')).toBe('https://kite-tea.example/');
    expect((await impression).postDataJSON()).toEqual({ spaceId: bought!._id });
    await page.screenshot({ path: '/tmp/boli-adspace-in-list.png', fullPage: true });

    // Back from the last ad comes to where the list was left: the creative is in place from the
    // first render, so the page is as tall as it was when its scroll position is put back.
    await page.setViewportSize({ width: 390, height: 700 });
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    const left = await page.evaluate(() => window.scrollY);
    expect(left).toBeGreaterThan(0);
    await page.locator('main a[href^="/ads/"]').last().click();
    await page.waitForURL(/\/ads\/[^/]+$/);
    await page.goBack();
    await page.waitForURL(/\/ads$/);
    await shown.waitFor();
    await page.waitForTimeout(300);
    expect(await page.evaluate(() => window.scrollY)).toBe(left);
    await page.setViewportSize({ width: 1400, height: 1000 });

    // Its transaction says until when the space runs, in India's time.
    await page.goto(new URL('/transactions', app.baseUrl).href);
    const runsUntil = page
      .getByTestId('transaction-row')
      .filter({ hasText: 'Ad space: In stream, Monthly' })
      .getByText(/^Runs until \d{4}-\d\d-\d\d \d\d:\d\d:\d\d IST$/);
    await runsUntil.waitFor();
    // That line parts between day and time: it holds the Item column no wider than its least
    // width (100 px, TransactionsScreen's ITEM_MIN_WIDTH), so a laptop's window shows the table.
    const leastWidth = await runsUntil.evaluate((line) => {
      const probe = line.cloneNode(true) as HTMLElement;
      probe.style.cssText = 'position: absolute; width: min-content';
      document.body.append(probe);
      const width = probe.getBoundingClientRect().width;
      probe.remove();
      return width;
    });
    expect(leastWidth).toBeLessThanOrEqual(100);
    for (const width of [1366, 1280]) {
      await page.setViewportSize({ width, height: 800 });
      const overflow = await page
        .getByRole('table', { name: 'Transactions' })
        .evaluate((table) => table.parentElement!.scrollWidth - table.parentElement!.clientWidth);
      expect(overflow, `at ${width} px`).toBeLessThanOrEqual(0);
    }
    // A type with none of the member's purchases says which type has none, not that there are none.
    await chooseOption(page, 'Type', 'Bid fee');
    await page.getByRole('status').filter({ hasText: 'No bid fee transactions yet.' }).waitFor();
    expect(await page.getByText('No transactions yet.').count()).toBe(0);
    await page.context().close();
  }, 240_000);

  it('bids for a sidePanels slot from the calendar year view', async () => {
    const member = await createMember(app, { address: false });
    // A member in Gujarat: the supplier is in Karnataka, so a slot won is taxed IGST.
    const moved = await api(app, '/api/user/editProfile', {
      token: member.token,
      json: {
        username: member.username,
        firstname: 'Ravi',
        lastname: 'Kumar',
        gender: 'Male',
        dob: '12-04-1990',
        ...GUJARAT_ADDRESS,
      },
    });
    expect(moved.status, JSON.stringify(moved.body)).toBe(200);
    // A browser on Kiritimati's clock, up to a day ahead of India's: today is still India's day.
    const page = await memberPage(member, 'Pacific/Kiritimati');
    const today = indiaDateOf(new Date().toISOString());
    const slotdate = addDays(today, 2);
    // The calendar's first render navigates nowhere the router would ignore (and warn of).
    const ignoredNavigations: string[] = [];
    page.on('console', (message) => {
      if (message.text().includes('navigate()')) ignoredNavigations.push(message.text());
    });

    await page.goto(new URL('/bid-calendar', app.baseUrl).href);
    await page.locator('.fc-multiMonthYear-view').waitFor();
    // The period shown is in the address from the start.
    await expect.poll(() => new URL(page.url()).searchParams.get('date')).not.toBeNull();
    expect(ignoredNavigations).toEqual([]);
    expect(
      await page
        .locator('.fc-daygrid-day.fc-day-today:not(.fc-day-other)')
        .getAttribute('data-date'),
    ).toBe(today);
    // On a phone the calendar's toolbar wraps instead of widening the page.
    expect(await sidewaysOverflowOnPhone(page)).toBe(0);
    await page.getByRole('button', { name: 'Side panels' }).click();
    await page.waitForURL((url) => url.searchParams.get('type') === 'sidePanels');

    // From the keyboard, a date is typed: one without bids opens its bid page.
    const byDate = page.getByRole('form', { name: 'Bid for a date' });
    const emptyDate = addDays(today, 40);
    await byDate.getByLabel('Date').fill(emptyDate);
    await byDate.getByLabel('Date').press('Enter');
    await page.waitForURL(`**/adbid/${emptyDate}?type=sidePanels`);
    await page.goBack();
    // Tomorrow is already closed (bidding ends a day before): the app says so, as a click on
    // its cell does.
    await byDate.getByLabel('Date').fill(addDays(today, 1));
    await byDate.getByLabel('Date').press('Enter');
    // Which date, and when its bidding ended.
    await page
      .getByText(`${formatDate(addDays(today, 1))}: ${slotClosedText(addDays(today, 1))}`)
      .first()
      .waitFor();
    expect(new URL(page.url()).pathname).toBe('/bid-calendar');
    await page.locator('.fc-multiMonthYear-view').waitFor();

    // The year view runs from this month on, to the month of the last date that can be bid for
    // (a year of days ahead: the thirteenth month, unless today is a month's first day).
    const now = new Date().toISOString();
    const months = await page
      .locator('.fc-multimonth-month')
      .evaluateAll((shown) => shown.map((month) => month.getAttribute('data-date')));
    expect(months).toHaveLength(biddableMonthCount(now));
    expect(months[0]).toBe(today.slice(0, 7));
    expect(months.at(-1)).toBe(lastBiddableSlotDate(now).slice(0, 7));
    const cell = page.locator(`.fc-daygrid-day[data-date="${slotdate}"]:not(.fc-day-other)`);
    // Dates that cannot be bid for are shaded: tomorrow's is, this one is not.
    const tomorrow = addDays(today, 1);
    const tomorrowCell = page.locator(
      `.fc-daygrid-day[data-date="${tomorrow}"]:not(.fc-day-other)`,
    );
    expect(await tomorrowCell.getAttribute('class')).toContain('boli-slot-not-open');
    expect(await cell.getAttribute('class')).not.toContain('boli-slot-not-open');
    await cell.click();
    await page.waitForURL(`**/adbid/${slotdate}?type=sidePanels`);
    // How the slot is won and paid for, before the member bids.
    await page.getByText(slotTerms(slotdate)).waitFor();

    // Not above the base amount: the spec's message and its action message.
    const form = page.getByRole('form', { name: 'Ad bid' });
    // The type chosen is the address's, for a reload or a link sent on.
    for (const [label, type] of [
      ['Auth pages', 'authPages'],
      ['Side panels', 'sidePanels'],
    ] as const) {
      await form.getByRole('combobox', { name: 'Type' }).click();
      await page.getByRole('option', { name: label, exact: true }).click();
      await page.waitForURL((url) => url.searchParams.get('type') === type);
    }
    // What cannot be an amount does not go in, and the field says so in its line.
    await form.getByLabel('Amount (₹)').fill('1e5');
    await form.getByText(AMOUNT_TYPED_HINT).waitFor();
    expect(await form.getByLabel('Amount (₹)').inputValue()).toBe('');
    await form.getByLabel('Amount (₹)').fill('150000');
    await form.getByText(/^More than the base amount of/).waitFor();
    await form.getByRole('button', { name: 'Post Ad Bid' }).click();
    await form.getByRole('alert').filter({ hasText: MESSAGES.slotBidBelowBase }).waitFor();
    // The spec's words, with the figure they are about.
    await form.getByText(`${MESSAGES.slotBidBelowBaseAction} (₹2,00,000).`).waitFor();
    // The amount is marked, described by the refusal, and has the keyboard.
    const amountField = form.getByLabel('Amount (₹)');
    expect(await amountField.getAttribute('aria-invalid')).toBe('true');
    expect(await amountField.getAttribute('aria-describedby')).toContain('slot-bid-failure');
    expect(await amountField.evaluate((input) => input === document.activeElement)).toBe(true);
    // Once refused, the form judges the amount again as it is mended: an amount beyond what money
    // holds is said at once, a quote or a confirmation never asked for it…
    await amountField.fill('950000000000000');
    await form.getByRole('alert').filter({ hasText: MESSAGES.amountTooLarge }).waitFor();
    expect(await form.getByText(MESSAGES.slotBidBelowBase).count()).toBe(0);
    await form.getByRole('button', { name: 'Post Ad Bid' }).click();
    expect(await page.getByRole('dialog').count()).toBe(0);
    expect(await form.getByText(/could not be worked out/).count()).toBe(0);
    // …and an amount put right takes the refusal and the mark away, unpressed.
    await amountField.fill('260000');
    await expect.poll(() => form.getByRole('alert').count()).toBe(0);
    expect(await amountField.getAttribute('aria-invalid')).toBe('false');

    // What the amount typed commits the member to should it win: nothing while it is not above
    // the base amount; then the bid, its IGST at 18% (worked in paise) and the total.
    const winnerPays = form.getByRole('table', { name: SLOT_BID_QUOTE_LABEL });
    expect(await winnerPays.count()).toBe(0);
    await amountField.fill('150000');
    expect(await winnerPays.count()).toBe(0);
    await amountField.fill('200000.50');
    await winnerPays.getByText('₹2,36,000.59').waitFor();
    expect(await winnerPays.innerText()).toMatch(
      /^Your bid\s+₹2,00,000\.50\s+IGST \(18%\)\s+₹36,000\.09\s+Total after tax\s+₹2,36,000\.59$/,
    );
    await form
      .getByText(`If this bid wins, you pay within ${LIMITS.slotPayWithinHours} hours:`)
      .waitFor();
    // As the amount changes, so do the lines.
    await amountField.fill('250000');
    await winnerPays.getByText('₹2,95,000').waitFor();
    expect(await winnerPays.innerText()).toMatch(/IGST \(18%\)\s+₹45,000\s/);

    // Other bidders know a slot's bids by company: a name another bidder of the slot goes by is
    // refused, look-alikes too, and the Company field is marked and given the keyboard.
    const earlier = await createMember(app, { address: false });
    const earlierBid = await api(app, '/api/adbid/', {
      token: earlier.token,
      json: {
        user_id: earlier.userId,
        type: 'sidePanels',
        bidamt: 210_000,
        slotdate,
        company: 'Lotus Teas',
      },
    });
    expect(earlierBid.status, JSON.stringify(earlierBid.body)).toBe(200);
    // Its bid shown (the list is read again while open), a bid that would not lead is refused
    // for the name at once, before the member is asked to confirm it.
    await page
      .getByRole('region', { name: 'Bids for this slot' })
      .getByText('Lotus Teas')
      .waitFor();
    await form.getByLabel('Amount (₹)').fill('205000');
    const companyField = form.getByLabel('Company');
    await companyField.fill('lotus  TEAS');
    await form.getByRole('button', { name: 'Post Ad Bid' }).click();
    await form.getByRole('alert').filter({ hasText: MESSAGES.companyNameTaken }).waitFor();
    expect(await page.getByRole('dialog').count()).toBe(0);
    expect(await companyField.getAttribute('aria-invalid')).toBe('true');
    await expect
      .poll(() => companyField.evaluate((input) => input === document.activeElement))
      .toBe(true);
    await form.getByLabel('Amount (₹)').fill('250000');
    await companyField.fill('Kite Tea');
    // Its answer lost on the way (the bid is placed): pressing again is said to be safe, and is.
    await loseFirstAnswer(page, '/api/adbid/');
    await form.getByRole('button', { name: 'Post Ad Bid' }).click();
    await form.getByRole('alert').filter({ hasText: MESSAGES.slotBidUnconfirmed }).waitFor();
    // Even after a reload: the bid typed is still there, and still said to be safe to press.
    await page.reload();
    await expect.poll(() => form.getByLabel('Amount (₹)').inputValue()).toBe('250000');
    expect(await companyField.inputValue()).toBe('Kite Tea');
    await form.getByRole('alert').filter({ hasText: MESSAGES.slotBidUnconfirmed }).waitFor();
    await form.getByRole('button', { name: 'Post Ad Bid' }).click();
    const posted = page.getByRole('dialog', { name: MESSAGES.adBidPosted });
    await posted.waitFor({ timeout: 30_000 });
    await posted.getByRole('button', { name: 'OK' }).click();
    // Post Ad Bid was busy as the dialog opened: the keyboard goes back to it, not to the page.
    await expect
      .poll(() =>
        form
          .getByRole('button', { name: 'Post Ad Bid' })
          .evaluate((button) => button === document.activeElement),
      )
      .toBe(true);
    const row = page
      .getByRole('table', { name: 'Bids for this slot' })
      .getByRole('row')
      .filter({ hasText: 'Kite Tea' });
    await row.waitFor();
    const mine = await api(app, `/api/adbid/bids?slotdate=${slotdate}&type=sidePanels`, {
      token: member.token,
    });
    expect(JSON.stringify(mine.body.data).match(/Kite Tea/g)).toHaveLength(1);
    // Under the company, marked as the member's own; no login name is shown.
    expect(await row.innerText()).toMatch(/Kite Tea \(your bid\)\s+₹2,50,000/);
    expect(await row.innerText()).not.toContain(member.username);
    // And where the member's bid stands.
    await page
      .getByRole('status')
      .filter({ hasText: 'Your bid of ₹2,50,000 is the highest now.' })
      .waitFor();
    // On a phone the bids scroll within their table, never the page.
    expect(await sidewaysOverflowOnPhone(page)).toBe(0);

    // Back in the year view the date shows its highest bid, abbreviated.
    await page.goto(new URL('/bid-calendar?type=sidePanels', app.baseUrl).href);
    await page.locator('.fc-multiMonthYear-view').waitFor();
    await page
      .locator(`.fc-daygrid-day[data-date="${slotdate}"]:not(.fc-day-other)`)
      .getByText('₹250K')
      .waitFor({ timeout: 20_000 });
    await page.screenshot({ path: '/tmp/boli-adspace-calendar.png', fullPage: true });
    // On the narrowest phone too, the amount shows whole, not behind '+1 more'.
    const wide = page.viewportSize()!;
    await page.setViewportSize({ width: 320, height: 640 });
    const narrowChip = page
      .locator(`.fc-daygrid-day[data-date="${slotdate}"]:not(.fc-day-other)`)
      .getByText('₹250K');
    await expect.poll(() => narrowChip.isVisible()).toBe(true);
    expect(await narrowChip.evaluate(textLinesOf)).toBe(1);
    expect(await page.locator('.fc-daygrid-more-link').count()).toBe(0);
    await page.setViewportSize(wide);
    // The chip is a link the keyboard reaches, named by its date and amount in full; Enter opens
    // the date's bid page.
    const chip = page.getByRole('link', {
      name: `${displayDate(slotdate)}: highest bid ₹2,50,000`,
    });
    await chip.focus();
    await page.keyboard.press('Enter');
    await page.waitForURL(`**/adbid/${slotdate}?type=sidePanels`);
    await page.goBack();
    await page.locator('.fc-multiMonthYear-view').waitFor();

    // The year view's arrows say how many months they move by.
    await page
      .getByRole('button', { name: `Previous ${biddableMonthCount(now)} months`, exact: true })
      .waitFor();
    // Month, week, day and agenda views besides the year; the arrows say what they move by.
    for (const [button, view, unit] of [
      ['month', 'dayGridMonth', 'month'],
      ['week', 'dayGridWeek', 'week'],
      ['day', 'dayGridDay', 'day'],
      ['agenda', 'listMonth', 'month'],
    ] as const) {
      await page.getByRole('button', { name: button, exact: true }).click();
      await page.locator(`.fc-${view}-view`).waitFor();
      await page.getByRole('button', { name: `Next ${unit}`, exact: true }).waitFor();
    }
    // The view and the period shown are the address's: a reload, or Back from a date's page,
    // shows the same month rather than the year from this one.
    await page.getByRole('button', { name: 'month', exact: true }).click();
    await page.getByRole('button', { name: 'Next month', exact: true }).click();
    const month = await page.locator('.fc-toolbar-title').innerText();
    // The new period is said aloud: the title changes out of a screen reader's sight.
    await page
      .getByRole('status')
      .filter({ hasText: `Showing ${month}` })
      .waitFor();
    await page.waitForURL(
      (url) => url.searchParams.get('view') === 'dayGridMonth' && url.searchParams.has('date'),
    );
    await page.reload();
    await page.locator('.fc-dayGridMonth-view').waitFor();
    expect(await page.locator('.fc-toolbar-title').innerText()).toBe(month);
    // A date's page opened from there leads back to that month by its Calendar link too.
    const shownFrom = new URL(page.url()).searchParams.get('date')!;
    const midMonth = addDays(shownFrom, 14);
    await page.locator(`.fc-daygrid-day[data-date="${midMonth}"]:not(.fc-day-other)`).click();
    await page.waitForURL(`**/adbid/${midMonth}?type=sidePanels`);
    await page.getByRole('link', { name: 'Calendar', exact: true }).click();
    await page.waitForURL(
      (url) =>
        url.pathname === '/bid-calendar' &&
        url.searchParams.get('view') === 'dayGridMonth' &&
        url.searchParams.get('date') === shownFrom,
    );
    await page.locator('.fc-dayGridMonth-view').waitFor();
    expect(await page.locator('.fc-toolbar-title').innerText()).toBe(month);
    // One-shot buttons are not toggles; today, pressed from the keyboard, is disabled as it
    // shows this month, and the keyboard goes on to Next rather than to the page.
    expect(await page.locator('.fc-prev-button').getAttribute('aria-pressed')).toBeNull();
    await page.locator('.fc-today-button').focus();
    await page.keyboard.press('Enter');
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.getAttribute('title')))
      .toBe('Next month');

    // On a phone the week writes days day first and keeps the whole amount on one line (₹250K,
    // not ₹250 above K).
    await page.setViewportSize({ width: 390, height: 844 });
    await page.getByRole('button', { name: 'week', exact: true }).click();
    const amount = page.locator('.fc-dayGridWeek-view .fc-event-title', { hasText: '₹250K' });
    for (let week = 0; week < 2 && (await amount.count()) === 0; week++) {
      await page.locator('.fc-next-button').click();
    }
    await amount.waitFor();
    const clipped = (box: { scrollWidth: number; clientWidth: number }) =>
      box.scrollWidth - box.clientWidth;
    expect(await amount.evaluate(clipped)).toBeLessThanOrEqual(0);
    expect(await amount.evaluate(textLinesOf)).toBe(1);
    await page.screenshot({ path: '/tmp/boli-adspace-week-phone.png' });
    const heading = page.locator('.fc-dayGridWeek-view .fc-col-header-cell-cushion').first();
    await expect.poll(() => heading.innerText()).toMatch(/^S\s+\d{1,2}$/);
    for (const cell of await page.locator('.fc-dayGridWeek-view .fc-col-header-cell-cushion').all())
      expect(await cell.evaluate(clipped)).toBeLessThanOrEqual(0);
    // Wider, the week's days are written day first.
    await page.setViewportSize({ width: 1280, height: 900 });
    await expect.poll(() => heading.innerText()).toMatch(/^Sun\s+\d{1,2}\/\d{1,2}$/);

    // Outbid by another member while on the slot's page, the page says so unreloaded (the outbid
    // notification reads it again), and what it takes to lead.
    await page.goto(new URL(`/adbid/${slotdate}?type=sidePanels`, app.baseUrl).href);
    await page
      .getByRole('status')
      .filter({ hasText: 'Your bid of ₹2,50,000 is the highest now.' })
      .waitFor();
    const rival = await createMember(app, { address: false });
    const outbid = await api(app, '/api/adbid/', {
      token: rival.token,
      json: {
        user_id: rival.userId,
        type: 'sidePanels',
        bidamt: 260_000,
        slotdate,
        company: 'Rival Co',
      },
    });
    expect(outbid.status, JSON.stringify(outbid.body)).toBe(200);
    await page
      .getByRole('status')
      .filter({
        hasText:
          'Your bid of ₹2,50,000 is not the highest: ₹2,60,000 leads. Bid more than that to lead.',
      })
      .waitFor();
    // A bid that would not lead, or one with zeros too many, is asked about first: it binds.
    const slotForm = page.getByRole('form', { name: 'Ad bid' });
    const confirm = page.getByRole('dialog', { name: 'Post this ad bid?' });
    for (const [amount, said] of [
      [
        '260000',
        '₹2,60,000 is the same as the highest bid you can see, ₹2,60,000: it will not lead',
      ],
      ['2600000000', '₹2,60,00,00,000 is 10,000 times the highest bid you can see of ₹2,60,000.'],
    ] as const) {
      await slotForm.getByLabel('Amount (₹)').fill(amount);
      await slotForm.getByRole('button', { name: 'Post Ad Bid' }).click();
      await confirm.getByText(said, { exact: false }).waitFor();
      expect(await confirm.innerText()).toContain(
        'If it wins, you pay it plus GST within 12 hours.',
      );
      await confirm.getByRole('button', { name: 'Change amount' }).click();
      await confirm.waitFor({ state: 'detached' });
      // The keyboard is back on the amount to change, not on Post Ad Bid.
      await expect
        .poll(() =>
          slotForm.getByLabel('Amount (₹)').evaluate((input) => input === document.activeElement),
        )
        .toBe(true);
    }
    // Nothing was posted.
    expect(await page.getByRole('dialog', { name: MESSAGES.adBidPosted }).count()).toBe(0);
    await page.getByRole('status').filter({ hasText: '₹2,60,000 leads' }).waitFor();

    // Tomorrow's page, opened directly: when bidding ended, and no form to type into.
    await page.goto(new URL(`/adbid/${tomorrow}?type=sidePanels`, app.baseUrl).href);
    await page.getByText(slotClosedText(tomorrow)).waitFor();
    await page.getByRole('heading', { name: 'Bids for this slot' }).waitFor();
    expect(await page.getByRole('form', { name: 'Ad bid' }).count()).toBe(0);
    // A past date's page, opened by its link, says the same of it.
    const yesterday = addDays(today, -1);
    await page.goto(new URL(`/adbid/${yesterday}?type=sidePanels`, app.baseUrl).href);
    await page.getByText(slotClosedText(yesterday)).waitFor();
    await page.context().close();
  }, 240_000);

  it('opens the year at this month on a phone, not at January', async () => {
    const member = await createMember(app, { address: false });
    const { context, page } = await openAs(browser, member, TOUCH_PHONE);
    await page.goto(new URL('/bid-calendar', app.baseUrl).href);
    const month = indiaDateOf(new Date().toISOString()).slice(0, 7);
    const thisMonth = page.locator(`.fc-multimonth-month[data-date="${month}"]`);
    await thisMonth.waitFor();
    // One column of months, this one first: were the year January's, November would be some
    // ten screens down.
    await expect.poll(async () => (await thisMonth.boundingBox())!.y).toBeLessThan(PHONE.height);
    expect((await thisMonth.boundingBox())!.y).toBeGreaterThanOrEqual(0);
    // The calendar's own buttons (prev, next, today, the views) are a fingertip tall too.
    const heights = await page
      .locator('.fc .fc-button')
      .evaluateAll((buttons) => buttons.map((button) => button.getBoundingClientRect().height));
    expect(heights.length).toBeGreaterThanOrEqual(7);
    expect(Math.min(...heights)).toBeGreaterThanOrEqual(TOUCH_TARGET_PX);
    await context.close();
  });

  it("asks a guest to log in from a free side column's Advertise here", async () => {
    const { context, page } = await openPage(browser, {}, { width: 1400, height: 1000 });
    await page.goto(new URL('/tc', app.baseUrl).href);
    await page.getByTestId('side-ads-left').getByRole('link', { name: 'Advertise here' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByText(MESSAGES.loginRequired).waitFor();
    // Still where they were, and Login comes back to Buy AdSpace.
    expect(new URL(page.url()).pathname).toBe('/tc');
    await dialog.getByRole('button', { name: 'Login' }).click();
    await page.waitForURL((url) => url.search === '?redirect=%2FbuyAdSpace');
    await context.close();
  });

  it('shows won slots beside member pages and on the login page', async () => {
    const member = await createMember(app, { address: false });
    const side = await todaysSlotWonBy(app, member, 'sidePanels');
    const auth = await todaysSlotWonBy(app, member, 'authPages');

    const page = await memberPage(member);
    await page.goto(new URL('/buyAdSpace', app.baseUrl).href);
    for (const column of ['left', 'right']) {
      const shown = page.getByTestId(`side-ads-${column}`).getByTestId('space-ad-sidePanels');
      await shown.waitFor({ timeout: 20_000 });
      expect(await shown.getAttribute('data-space-id')).toBe(side.spaceId);
      expect(await shown.getByRole('img').getAttribute('src')).toBe(side.url);
    }
    // The won space is listed with its slot date, and may take a new creative.
    const won = page.getByRole('region', { name: 'Your ad spaces' }).getByRole('article', {
      name: 'Side panels',
    });
    expect(await won.innerText()).toMatch(/Active[\s\S]*Slot date/);
    await page.context().close();

    const guest = await browser.newPage({ viewport: { width: 1400, height: 1000 } });
    await guest.goto(new URL('/login', app.baseUrl).href);
    const panel = guest.getByTestId('space-ad-authPages');
    await panel.waitFor({ timeout: 20_000 });
    expect(await panel.getAttribute('data-space-id')).toBe(auth.spaceId);
    expect(await guest.locator('[data-testid^="side-ads-"]').count()).toBe(0);
    await guest.screenshot({ path: '/tmp/boli-adspace-login.png', fullPage: true });
    await guest.close();
  }, 240_000);

  it('keeps the calendar current, and never shows unread slot bids as none', async () => {
    const [bidder, rival] = await Promise.all([
      createMember(app, { address: false }),
      createMember(app, { address: false }),
    ]);
    const slotdate = addDays(indiaDateOf(new Date().toISOString()), 11);
    const slotBid = (member: Member, bidamt: number, company: string) =>
      api(app, '/api/adbid/', {
        token: member.token,
        json: { user_id: member.userId, type: 'sidePanels', bidamt, slotdate, company },
      });
    expect((await slotBid(rival, 300_000, 'Rival Rice')).status).toBe(200);

    // A bid placed elsewhere (another tab, another member) reaches the calendar left open.
    const page = await memberPage(bidder);
    await page.goto(new URL('/bid-calendar?type=sidePanels', app.baseUrl).href);
    const day = page.locator(`.fc-daygrid-day[data-date="${slotdate}"]:not(.fc-day-other)`);
    await day.getByText('₹300K').waitFor({ timeout: 20_000 });
    expect((await slotBid(rival, 320_000, 'Rival Rice')).status).toBe(200);
    await day.getByText('₹320K').waitFor({ timeout: LIMITS.bidListRefreshMs + 10_000 });

    // The slot's bids could not be read: the page says why, with Retry, not 'No bids are posted'.
    let failReads = true;
    await page.route(
      (url) => url.pathname === '/api/adbid/bids',
      (route) => (failReads ? route.abort('connectionreset') : route.continue()),
    );
    await page.goto(new URL(`/adbid/${slotdate}?type=sidePanels`, app.baseUrl).href);
    const bids = page.getByRole('region', { name: 'Bids for this slot' });
    await bids.getByRole('button', { name: 'Retry' }).waitFor();
    expect(await bids.getByText(MESSAGES.noBidsPosted).count()).toBe(0);
    // A bid pressed meanwhile is judged against the bids read first: it would not lead.
    failReads = false;
    const form = page.getByRole('form', { name: 'Ad bid' });
    await form.getByLabel('Amount (₹)').fill('260000');
    await form.getByLabel('Company').fill('Bidder Biscuits');
    await form.getByRole('button', { name: 'Post Ad Bid' }).click();
    const asked = page.getByRole('dialog', { name: 'Post this ad bid?' });
    await asked.getByText(/it will not lead/).waitFor();
    await asked.getByRole('button', { name: 'Change amount' }).click();
    await bids.getByText('Rival Rice').first().waitFor();
    await page.context().close();
  }, 120_000);

  it('asks a member without a subscription or trial to subscribe before a slot bid', async () => {
    const lapsed = await memberWhoseTrialEnded(app);
    const slotdate = addDays(indiaDateOf(new Date().toISOString()), 9);
    const page = await memberPage(lapsed);
    await page.goto(new URL(`/adbid/${slotdate}?type=sidePanels`, app.baseUrl).href);
    const form = page.getByRole('form', { name: 'Ad bid' });
    // Said before a bid is typed, without the fee an ad's bid may be paid with.
    const note = page.getByTestId('bid-needs-subscription');
    await expect.poll(() => note.innerText()).toMatch(/^Your free trial ended on .+ IST\./);
    expect(await note.getByText(/bid processing fee/).count()).toBe(0);
    await form.getByLabel('Amount (₹)').fill('250000');
    await form.getByRole('button', { name: 'Post Ad Bid' }).click();
    const refusal = form.getByRole('alert').filter({ hasText: MESSAGES.pleaseSubscribe });
    await refusal.waitFor();
    // As an ad's bid form says it, without the fee: a slot's bid needs the subscription.
    // (When the trial ended is asked once refused.)
    await expect.poll(() => refusal.innerText()).toMatch(/^Your free trial ended on .+ IST\./);
    expect(await refusal.getByText(/bid processing fee/).count()).toBe(0);
    await refusal.getByRole('link', { name: 'Subscribe' }).click();
    await page.waitForURL('**/subscription');
    await page.context().close();
  }, 120_000);

  it('asks the winner of a closed slot to pay from Transactions, and gives them its space', async () => {
    const winner = await createMember(app, { address: true });
    const slotdate = addDays(indiaDateOf(new Date().toISOString()), 5);
    const posted = await api(app, '/api/adbid/', {
      token: winner.token,
      json: {
        user_id: winner.userId,
        type: 'authPages',
        bidamt: 275_000,
        slotdate,
        company: 'Kite Tea',
      },
    });
    expect(posted.status, JSON.stringify(posted.body)).toBe(200);
    // A bid under it, without a company.
    const runnerUp = await createMember(app, { address: false });
    const under = await api(app, '/api/adbid/', {
      token: runnerUp.token,
      json: {
        user_id: runnerUp.userId,
        type: 'authPages',
        bidamt: 250_000,
        slotdate,
        company: '',
      },
    });
    expect(under.status, JSON.stringify(under.body)).toBe(200);
    // The slot timer, on a clock at the end of bidding: the slot closes and is offered to the
    // winner, whose purchase of it is started.
    await closeSlotAsTheTimerWould(app, { type: 'authPages', slotdate });

    const page = await memberPage(winner);
    // The slot's bid page follows the close the server recorded (the clock says bidding is
    // still open): its form is gone, and it leads the winner to pay.
    await page.goto(new URL(`/adbid/${slotdate}?type=authPages`, app.baseUrl).href);
    await page
      .getByText(/The slot is yours if you pay your bid of ₹2,75,000 plus GST by .* IST\./)
      .waitFor();
    expect(await page.getByRole('form', { name: 'Ad bid' }).count()).toBe(0);
    await page.getByRole('link', { name: 'Pay now in Transactions' }).click();
    await page.waitForURL('**/transactions');
    const row = page
      .getByRole('table', { name: 'Transactions' })
      .getByTestId('transaction-row')
      .filter({ hasText: `Ad slot: Auth pages, ${displayDate(slotdate)}` });
    await row.getByText(/^Nothing charged\. It lapses at .* unless paid\.$/).waitFor();
    await row.getByRole('button', { name: /^Pay now/ }).click();
    const payDialog = page.getByRole('dialog', { name: /^Ad slot: Auth pages/ });
    await expectPriceBreakup(payDialog);
    await payDialog.getByRole('button', { name: 'Proceed' }).click();
    const paid = awaitPaymentOutcome(page, BILLING_MESSAGES.paymentSuccessful);
    await clickInCheckout(page, 'Pay');
    await paid();
    await expect.poll(() => row.getByRole('cell').nth(-2).innerText()).toMatch(/^Paid/);

    // The slot's space is the winner's, from the start of its day, ready for its creative: the
    // bid page says so and leads there.
    await page.goto(new URL(`/adbid/${slotdate}?type=authPages`, app.baseUrl).href);
    await page
      .getByText('You bought this slot. Add its photo or video under Your ad spaces.')
      .waitFor();
    await page.getByRole('link', { name: 'Your ad spaces' }).click();
    await page.waitForURL('**/buyAdSpace');
    const space = page.getByRole('region', { name: 'Your ad spaces' }).getByRole('article', {
      name: 'Auth pages',
    });
    await space.waitFor({ timeout: 20_000 });
    expect(await space.innerText()).toMatch(/Scheduled/);
    await page.screenshot({ path: '/tmp/boli-adspace-slot-paid.png', fullPage: true });
    await page.context().close();

    // Support, asked about it, looks the slot up: sold to the winner, the offer paid.
    const support = await grantRoles(app, await createMember(app, { address: false }), ['support']);
    const staff = await memberPage(support);
    await staff.goto(new URL('/support/slots', app.baseUrl).href);
    // Before a slot is chosen, the slots with bids are listed, each leading to its history.
    await staff
      .getByRole('region', { name: 'Slots with bids' })
      .getByRole('link', { name: `Auth pages, ${displayDate(slotdate)}` })
      .click();
    const lookup = staff.getByRole('form', { name: 'Find a slot' });
    // The slot chosen from the list is the one the fields name.
    await expect.poll(() => lookup.getByLabel('Date').inputValue()).toBe(slotdate);
    await staff.goBack();
    await lookup.getByRole('combobox', { name: 'Type' }).click();
    await staff.getByRole('option', { name: 'Auth pages' }).click();
    await lookup.getByLabel('Date').fill(slotdate);
    await lookup.getByRole('button', { name: 'Show history' }).click();
    const story = staff.getByRole('region', { name: 'Slot' });
    await story
      .getByRole('status')
      .filter({ hasText: `Sold to ${winner.username} at` })
      .waitFor();
    const offers = story.getByRole('table', { name: 'Offers' });
    const offered = offers.getByRole('row').nth(1);
    expect(await offered.innerText()).toMatch(
      new RegExp(`^${winner.username}\\s+Paid\\s+₹2,75,000`),
    );
    // Its invoice downloads from there, as support settling a dispute needs it.
    await offered.getByRole('button', { name: /^Download invoice / }).waitFor();
    // A bid without a company says so, as bidders see it.
    expect(
      await story.getByRole('table', { name: 'Bids' }).getByRole('row').nth(2).innerText(),
    ).toMatch(new RegExp(`₹2,50,000[\\s\\S]*${runnerUp.username}\\s+No company given`));
    await staff.screenshot({ path: '/tmp/boli-support-slot-history.png', fullPage: true });
    // The list of slots is on the page too, not only behind Back.
    await staff.getByRole('link', { name: 'All slots with bids' }).click();
    await staff.getByRole('region', { name: 'Slots with bids' }).waitFor();
    expect(new URL(staff.url()).search).toBe('');
    await staff.context().close();
  }, 240_000);
});

/** Runs the slot timer's handler for `slot` on a clock just past its end of bidding. */
async function closeSlotAsTheTimerWould(
  app: TestApp,
  slot: { type: 'sidePanels' | 'authPages'; slotdate: string },
) {
  const store = createPostgresEventStore({ connectionString: app.databaseUrl });
  const db = knex({ client: 'pg', connection: app.databaseUrl, pool: { min: 0, max: 2 } });
  try {
    const deps = {
      db,
      store,
      gateway: paymentGatewayOf(app.config),
      logger: createLogger({ level: 'silent', name: 'e2e' }),
      settings: billingSettingsOf(app.config),
    };
    const end = Date.parse(slotBiddingEndsAt(slot.slotdate));
    const outcome = await closeSlotWhenBiddingEnds(deps, slot, () => end + 1_000);
    expect(outcome.offeredBidId).not.toBeNull();
  } finally {
    await store.close();
    await db.destroy();
  }
}
