import { randomUUID } from 'node:crypto';
import knex from 'knex';
import sharp from 'sharp';
import { expect } from 'vitest';
import type {
  ConsoleMessage,
  Frame,
  Locator,
  Page,
  Request as BrowserRequest,
  Response as BrowserResponse,
} from 'playwright-core';
import { SessionService } from '@boli/api/identity/sessions';
import { accountStream, type AccountEvent } from '@boli/engine/accounts/account.events';
import { memberRegistered } from '@boli/engine/accounts/account.fixtures';
import { createPostgresEventStore } from '@boli/engine/eventStore/postgres/postgresEventStore';
import { indiaDateOf } from '@boli/engine/shared/indiaTime';
import { LIMITS } from '@boli/engine/shared/limits';
import { waitForProjections } from '@boli/projections';
import type { TestApp } from '../../../ops/src/testing/app.ts';
import { sandboxCheckout } from '../../../ops/src/testing/sandboxCheckout.ts';
import { DELHI_ADDRESS, type Member } from './members.ts';

/*
 * What the payments browser tests need beside members.ts: the api from the test's side, a member
 * whose free trial has ended (so a bid needs a subscription or the bid processing fee), an ad to
 * bid on, the sandbox gateway's checkout page inside the overlay its checkout.js opens, and the
 * price breakup a payment dialog shows.
 */

type Answer = { status: number; body: { data?: unknown; msg?: string; error?: boolean } };

export async function api(
  app: TestApp,
  path: string,
  { json, form, token }: { json?: unknown; form?: FormData; token?: string } = {},
): Promise<Answer> {
  const response = await fetch(new URL(path, app.baseUrl), {
    method: json === undefined && form === undefined ? 'GET' : 'POST',
    headers: {
      ...(json !== undefined ? { 'content-type': 'application/json' } : {}),
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: json !== undefined ? JSON.stringify(json) : form,
  });
  const text = await response.text();
  try {
    return { status: response.status, body: JSON.parse(text) as Answer['body'] };
  } catch {
    // Not the api's JSON (a 404 page, say): keep its start for the failure message.
    return { status: response.status, body: { msg: text.slice(0, 200) } };
  }
}

const daysFromNow = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString();

/** A verified member whose 7-day trial started 8 days ago, so it has ended. */
export const memberWhoseTrialEnded = (app: TestApp): Promise<Member> =>
  memberWhoseTrialEndsIn(app, -1);

/**
 * A verified member whose 7-day trial ends `days` from now (past, when negative). Sign-up cannot
 * make one (the trial starts at the phone check, today), so its account events are written
 * straight into the event store, as a member who signed up earlier would have them; then it is
 * signed in and given a Delhi address over the api, as any member would.
 */
export async function memberWhoseTrialEndsIn(app: TestApp, days: number): Promise<Member> {
  const userId = randomUUID();
  const digits = String(Math.floor(Math.random() * 1e9)).padStart(9, '0');
  const username = `pay${digits.slice(0, 7)}`;
  const phone = `9${digits}`;
  const bidAlias = 'QZXWVY';
  const signedUp = daysFromNow(days - LIMITS.freeTrialDays);
  const events: AccountEvent[] = [
    memberRegistered(userId, username, signedUp, {
      phone,
      firstname: 'Ravi',
      lastname: 'Kumar',
      bidAlias,
      gender: 'Male',
      dob: '1990-04-12',
    }),
    { type: 'EmailVerified', data: { userId, verifiedAt: signedUp } },
    { type: 'MobileVerified', data: { userId, phone, verifiedAt: signedUp } },
    { type: 'TrialStarted', data: { userId, startsAt: signedUp, endsAt: daysFromNow(days) } },
  ];
  const store = createPostgresEventStore({ connectionString: app.databaseUrl });
  const db = knex({ client: 'pg', connection: app.databaseUrl, pool: { min: 0, max: 2 } });
  try {
    const { lastPosition } = await store.append(
      accountStream(userId),
      events.map((event) => ({ ...event, metadata: { eventId: randomUUID(), now: signedUp } })),
      'no-stream',
    );
    const caughtUp = await waitForProjections(db, ['users', 'entitlements'], lastPosition, 30_000);
    expect(caughtUp, 'users and entitlements read models caught up').toBe(true);
    const session = await new SessionService(db, app.config.JWT_SECRET).issue(
      userId,
      ['member'],
      new Date(),
    );
    const edited = await api(app, '/api/user/editProfile', {
      token: session.token,
      json: {
        username,
        firstname: 'Ravi',
        lastname: 'Kumar',
        bidAlias,
        gender: 'Male',
        dob: '12-04-1990',
        ...DELHI_ADDRESS,
      },
    });
    expect(edited.status, JSON.stringify(edited.body)).toBe(200);
    return {
      username,
      password: '',
      email: `${username}@example.in`,
      phone,
      token: session.token,
      refreshToken: session.refreshToken,
      userId,
      bidAlias,
    };
  } finally {
    await store.close();
    await db.destroy();
  }
}

/** `asker` asks for `owner`'s mobile number (POST /api/request), as Show on a profile does. */
export async function askForNumber(app: TestApp, asker: Member, owner: Member): Promise<void> {
  const asked = await api(app, '/api/request', {
    token: asker.token,
    json: { requestedTo: owner.userId },
  });
  expect(asked.status, JSON.stringify(asked.body)).toBe(200);
}

/** `bidder`'s Open bid of `bidamt` rupees on `adId` over the api (POST /api/bid/), placed. */
export async function placeOpenBid(
  app: TestApp,
  bidder: Member,
  adId: string,
  bidamt: number,
  bidAlias = bidder.bidAlias,
): Promise<void> {
  const placed = await api(app, '/api/bid/', {
    token: bidder.token,
    json: { item_id: adId, bidamt, type: 'Open', bidAlias },
  });
  expect(placed.status, JSON.stringify(placed.body)).toBe(200);
}

/** POST /api/posts/ (multipart) with one generated photo; answers the ad's id. */
export async function postAd(
  app: TestApp,
  owner: Member,
  {
    itemName = 'Tabla set for bids',
    description = 'A tabla pair in good condition.',
    fields: otherFields = {},
    moreMedia = [],
  }: {
    itemName?: string;
    description?: string;
    /** Other fields, or others in place of the Mobiles ad's (a vehicle's, say). */
    fields?: Record<string, string>;
    /** Files after its one photo. */
    moreMedia?: readonly { name: string; mimeType: string; buffer: Buffer }[];
  } = {},
): Promise<string> {
  const photo = await sharp({
    create: { width: 64, height: 48, channels: 3, background: { r: 95, g: 47, b: 157 } },
  })
    .jpeg()
    .toBuffer();
  const form = new FormData();
  const fields = {
    itemName,
    categoryname: 'Mobiles',
    subcategory: 'Mobile Phones',
    price: '25000',
    description,
    displayPhone: 'false',
    ...otherFields,
  };
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  form.append('media', new Blob([new Uint8Array(photo)], { type: 'image/jpeg' }), 'tabla.jpg');
  for (const file of moreMedia)
    form.append(
      'media',
      new Blob([new Uint8Array(file.buffer)], { type: file.mimeType }),
      file.name,
    );
  const posted = await api(app, '/api/posts/', { token: owner.token, form });
  expect(posted.status, JSON.stringify(posted.body)).toBe(200);
  return String((posted.body.data as { _id: string })._id);
}

export {
  clickInCheckout,
  closeSandboxCheckout,
  sandboxCheckout,
} from '../../../ops/src/testing/sandboxCheckout.ts';

/**
 * Waits for what a payment ends with (`text` on the page); failing, says where the payment stood:
 * the page's text, the checkout's status if one is open, and what happened meanwhile, in order —
 * the payment requests the page and its frames sent and how each ended (answered, failed, or
 * never), the frames' navigations, and any console error or uncaught exception. Started before
 * the click that begins the attempt, so that all of it is seen.
 */
export function awaitPaymentOutcome(page: Page, text: string, timeout = 45_000) {
  const started = Date.now();
  const log: string[] = [];
  const note = (line: string) => log.push(`+${Date.now() - started} ms ${line}`);
  const paymentPath = (url: string): string | undefined => {
    const path = new URL(url).pathname;
    return /payment|purchases|checkout|bidpay|cart/.test(path) ? path : undefined;
  };
  const onRequest = (request: BrowserRequest) => {
    const path = paymentPath(request.url());
    if (path) note(`sent ${request.method()} ${path}`);
  };
  const onResponse = (response: BrowserResponse) => {
    const path = paymentPath(response.url());
    if (path) note(`${response.status()} ${response.request().method()} ${path}`);
  };
  const onRequestFailed = (request: BrowserRequest) => {
    const path = paymentPath(request.url());
    if (path) note(`failed ${request.method()} ${path}: ${request.failure()?.errorText ?? '?'}`);
  };
  const onNavigated = (frame: Frame) => {
    if (frame.url() !== 'about:blank') note(`frame ${frame.name() || '(main)'} at ${frame.url()}`);
  };
  const onConsole = (message: ConsoleMessage) => {
    if (message.type() === 'error') note(`console error: ${message.text()}`);
  };
  const onPageError = (error: Error) => note(`uncaught: ${error.stack ?? error.message}`);
  page.on('request', onRequest);
  page.on('response', onResponse);
  page.on('requestfailed', onRequestFailed);
  page.on('framenavigated', onNavigated);
  page.on('console', onConsole);
  page.on('pageerror', onPageError);
  return async (): Promise<void> => {
    try {
      await page.getByText(text).first().waitFor({ timeout });
    } catch (error) {
      const stood = await page
        .locator('body')
        .innerText()
        .catch(() => '(unreadable)');
      const checkout = await sandboxCheckout(page)
        .locator('#status')
        .innerText({ timeout: 1_000 })
        .catch(() => '(no checkout open)');
      throw new Error(
        `${(error as Error).message}\nThe page showed:\n${stood}\nThe checkout said: ${checkout}\n` +
          `Meanwhile:\n${log.join('\n')}`,
        { cause: error },
      );
    } finally {
      page.off('request', onRequest);
      page.off('response', onResponse);
      page.off('requestfailed', onRequestFailed);
      page.off('framenavigated', onNavigated);
      page.off('console', onConsole);
      page.off('pageerror', onPageError);
    }
  };
}

/** The dialog's price breakup: the price, its SGST and CGST (or IGST), and the total after tax. */
export async function expectPriceBreakup(dialog: Locator): Promise<void> {
  const breakup = dialog.getByRole('table', { name: 'Price breakup' });
  await breakup.waitFor();
  const text = await breakup.innerText();
  expect(text).toMatch(/Price\s+₹[\d,]+/);
  expect(text).toMatch(/(SGST \(\d+(\.\d+)?%\)[\s\S]*CGST|IGST \(\d+(\.\d+)?%\))/);
  expect(text).toMatch(/Total after tax\s+₹[\d,.]+/);
}

/** Today as the screens write it (DD-MM-YYYY): India's day, wherever the browser is. */
export const todayInIndia = (): string => {
  const [year, month, day] = indiaDateOf(new Date().toISOString()).split('-');
  return `${day}-${month}-${year}`;
};
