import { readFile } from 'node:fs/promises';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Locator, Page } from 'playwright-core';
import { indiaDateOf } from '@boli/engine/shared/indiaTime';
import { formatAccountRupees } from '../src/lib/format.ts';
import {
  comparisonVerdict,
  defaultPeriod,
  ledgerCaption,
  PERIOD_REVERSED,
} from '../src/features/audit/model/audit.ts';
import {
  failedIgnored,
  kindIgnored,
  unreadablePeriod,
} from '../src/features/audit/model/ledgerLink.ts';
import { eventually } from '../../ops/src/testing/apiKit.ts';
import type { TestApp } from '../../ops/src/testing/app.ts';
import { PHONE, sidewaysOverflowOnPhone, withAppAndBrowser } from './support/harness.ts';
import { createMember, grantRoles, openAs, type Member, type Screen } from './support/members.ts';
import { api } from './support/payments.ts';
import { LIMITS } from '@boli/engine/shared/limits';

/*
 * The auditor's payments ledger (/audit) in Chromium against the real api, read models, job
 * workers and the sandbox gateway, beside api/src/routes/audit/auditScreen.e2e.test.ts (the
 * series, IGST, search, a reversed period, refunds and their credit notes, the menu, a member
 * refused). Members pay over the api: a lifetime subscription from Delhi (IGST), a buy-share bid
 * fee from a member who gave no state (CGST and SGST), and one subscription attempt that fails.
 * The auditor reads each row against what its buyer was quoted, narrows the ledger to the payments
 * that moved money and to one kind, compares the failed attempt with the gateway; after a page's
 * worth more of failed attempts, pages through the ledger and downloads every page as a CSV; on
 * a phone the ledger scrolls within its own box, by the keyboard too; and a link the screen cannot
 * read, or whose period runs backwards, shows no payments and says why.
 */

let app: TestApp;
let browser: Browser;

withAppAndBrowser((running) => ({ app, browser } = running));

/** What the buyer was quoted when the purchase began (api/src/payments/purchaseInfo.ts). */
type Quote = {
  _id: string;
  name: string;
  razorpay_order_id: string;
  totalPrice: number;
  taxCGSTPercent: number;
  taxSGSTPercent: number;
  taxIGSTPercent: number;
  taxCGSTAmount: number;
  taxSGSTAmount: number;
  taxIGSTAmount: number;
  totalPriceAfterTax: number;
};

/** A payment as the test made it: its purchase's quote, and the ids the gateway gave it. */
type Payment = { buyer: Member; quote: Quote; paymentId: string; invoice: string | null };

/** One attempt at the sandbox gateway on `orderId`: what its checkout hands the page. */
async function attemptAtSandbox(orderId: string, outcome: 'success' | 'failure') {
  const response = await fetch(`${app.config.RAZORPAY_API_URL}/sandbox/pay`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ order_id: orderId, method: 'upi', outcome }),
  });
  expect(response.status, `sandbox pay ${outcome}`).toBe(200);
  return (await response.json()) as Record<string, string> & {
    error?: { metadata: { payment_id: string } };
  };
}

/** A purchase begun over the api (`path`, with `json` a POST): the buyer's quote. */
async function begin(buyer: Member, path: string, json?: unknown): Promise<Quote> {
  const added = await api(app, path, { token: buyer.token, ...(json ? { json } : {}) });
  expect(added.status, `${path}: ${JSON.stringify(added.body)}`).toBe(200);
  return added.body.data as Quote;
}

/**
 * Pays `quote` at the sandbox and confirms it as the web app's success call (`confirmPath`)
 * does; the invoice number is the one the buyer's own purchases list (`listPath`) shows.
 */
async function pay(
  buyer: Member,
  quote: Quote,
  confirmPath: string,
  idField: 'cart_id' | 'purchaseId',
  listPath: string,
): Promise<Payment> {
  const checkout = await attemptAtSandbox(quote.razorpay_order_id, 'success');
  const confirmed = await api(app, confirmPath, {
    token: buyer.token,
    json: { ...checkout, [idField]: quote._id },
  });
  expect(confirmed.status, JSON.stringify(confirmed.body)).toBe(200);
  const invoice = await eventually(
    async () => {
      const listed = await api(app, listPath, { token: buyer.token });
      const { purchases } = listed.body.data as {
        purchases: { _id: string; invoiceNumber: string | null }[];
      };
      return purchases.find((purchase) => purchase._id === quote._id)?.invoiceNumber;
    },
    { what: `${quote._id} was invoiced` },
  );
  return { buyer, quote, paymentId: checkout.razorpay_payment_id!, invoice };
}

/** `count` failed attempts on `quote`'s order, `batch` at a time: their payment ids. */
async function failedAttempts(buyer: Member, quote: Quote, count: number, batch = 10) {
  const made: Payment[] = [];
  for (let start = 0; start < count; start += batch) {
    const answers = await Promise.all(
      Array.from({ length: Math.min(batch, count - start) }, () =>
        attemptAtSandbox(quote.razorpay_order_id, 'failure'),
      ),
    );
    for (const answer of answers) {
      made.push({ buyer, quote, paymentId: answer.error!.metadata.payment_id, invoice: null });
    }
  }
  return made;
}

/** The ledger's payment ids, as the auditor's api lists them (every page). */
async function ledgerPaymentIds(auditor: Member): Promise<string[]> {
  const ids: string[] = [];
  for (let page = 0; ; page += 1) {
    const answer = await api(app, `/api/audit/payments?page=${page}`, { token: auditor.token });
    const data = answer.body.data as { totalPages: number; payments: { paymentId: string }[] };
    ids.push(...data.payments.map((payment) => payment.paymentId));
    if (page + 1 >= data.totalPages) return ids;
  }
}

/** Each tax the quote charged, as the ledger's GST cell writes it: "IGST 18% · ₹179.82". */
const taxLinesOf = (quote: Quote): string[] =>
  (
    [
      ['CGST', quote.taxCGSTPercent, quote.taxCGSTAmount],
      ['SGST', quote.taxSGSTPercent, quote.taxSGSTAmount],
      ['IGST', quote.taxIGSTPercent, quote.taxIGSTAmount],
    ] as const
  )
    .filter(([, percent]) => percent !== 0)
    .map(([name, percent, amount]) => `${name} ${percent}% · ${formatAccountRupees(amount)}`);

/** A table cell's lines of text, as the eye reads them. */
const linesOf = async (cell: Locator): Promise<string[]> =>
  (await cell.innerText())
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line !== '');

/** The payment ids the ledger rows shown name (each row's Order / payment cell, second line). */
const shownPaymentIds = async (rows: Locator): Promise<string[]> => {
  const ids: string[] = [];
  for (const row of await rows.all()) ids.push((await linesOf(row.getByRole('cell').nth(3)))[1]!);
  return ids;
};

const todayInIndia = () => indiaDateOf(new Date().toISOString());

let auditor: Member;
let subscription: Payment;
let shareFee: Payment;
let failed: Payment;
/** Every payment the ledger should hold, in the order they were made. */
const payments: Payment[] = [];

beforeAll(async () => {
  const [auditorMember, delhiBuyer, statelessBuyer, unluckyBuyer] = await Promise.all([
    createMember(app, { address: false }),
    createMember(app, { address: true }),
    createMember(app, { address: false }),
    createMember(app, { address: false }),
  ]);
  auditor = await grantRoles(app, auditorMember, ['auditor']);
  // One after the other, so that the invoices are numbered in this order.
  subscription = await pay(
    delhiBuyer,
    await begin(delhiBuyer, '/api/cart/add/lifetime/web'),
    '/api/cart/payment/',
    'cart_id',
    '/api/cart/listTransactions',
  );
  shareFee = await pay(
    statelessBuyer,
    await begin(statelessBuyer, '/api/buyShare/add', {
      company: 'KITEWORKS',
      bidamt: 25000,
      type: 'Hidden',
    }),
    '/api/buyShare/payment/success',
    'purchaseId',
    '/api/buyShare/listPurchases',
  );
  const unpaid = await begin(unluckyBuyer, '/api/cart/add/lifetime/web');
  failed = (await failedAttempts(unluckyBuyer, unpaid, 1))[0]!;
  payments.push(subscription, shareFee, failed);
  // The failure reaches Boli by the gateway's webhook, a moment later.
  await eventually(async () => (await ledgerPaymentIds(auditor)).length === 3, {
    what: 'the ledger held the 3 payments',
    timeoutMs: 30_000,
  });
}, 120_000);

/** /audit opened as `member` (at `screen`'s size): the page, once the shell is up. */
async function openAudit(member: Member, screen?: Screen, timezoneId?: string) {
  const { context, page } = await openAs(browser, member, screen, timezoneId);
  await page.goto(new URL('/audit', app.baseUrl).href);
  await page.getByRole('banner').waitFor();
  return { context, page };
}

/** Today's payments: From and To both today (India's day), shown. */
async function showToday(page: Page) {
  const ledger = page.getByRole('region', { name: 'Payments ledger' });
  await ledger.getByLabel('From', { exact: true }).fill(todayInIndia());
  await ledger.getByLabel('To', { exact: true }).fill(todayInIndia());
  await ledger.getByRole('button', { name: 'Show payments' }).click();
  // The period shown is the address's, and the ledger summed up is that period's, not the last.
  await page.waitForURL((url) => url.searchParams.get('from') === todayInIndia());
  // Both ends, To of today too: the link shows these days, not the next, when opened tomorrow.
  expect(new URL(page.url()).searchParams.get('to')).toBe(todayInIndia());
  await expect.poll(async () => (await shownView(ledger))?.get('from')).toBe(todayInIndia());
  return ledger;
}

/** The view (the address's query) whose ledger is summed up; null while none is shown. */
async function shownView(ledger: Locator) {
  const summary = ledger.getByTestId('ledger-summary');
  if ((await summary.count()) === 0) return null;
  return new URLSearchParams((await summary.getAttribute('data-view')) ?? '');
}

describe('the auditor’s payments audit', () => {
  it('shows each payment as its buyer was quoted; narrows to the money moved, and to a kind', async () => {
    const { context, page } = await openAudit(auditor);

    const paid = [subscription, shareFee];
    const sum = (field: keyof Quote) =>
      paid.reduce((total, payment) => total + (payment.quote[field] as number), 0);

    // --- Today's ledger: each payment with its buyer, tax, total and invoice ------------------
    const ledger = await showToday(page);
    const rows = ledger.getByTestId('ledger-row');
    const summary = ledger.getByTestId('ledger-summary');
    await summary.getByText(ledgerCaption(3, ''), { exact: true }).waitFor();
    const received = formatAccountRupees(sum('totalPriceAfterTax'));
    expect(await summary.innerText()).toContain(
      `Received ${received} in 2 payments · refunded ₹0.00 (0) · net ${received} · 1 failed`,
    );
    // In time order: the two paid, then the attempt whose failure the webhook told.
    expect(await shownPaymentIds(rows)).toEqual(payments.map((payment) => payment.paymentId));
    const rowOf = (payment: Payment) => rows.filter({ hasText: payment.paymentId });
    for (const payment of paid) {
      const { quote, buyer } = payment;
      const profile = await api(app, '/api/user', { token: buyer.token });
      const { firstname, lastname } = profile.body.data as { firstname: string; lastname: string };
      const cells = rowOf(payment).getByRole('cell');
      const [date, purchase, who, ids, status] = await Promise.all(
        [0, 1, 2, 3, 4].map((index) => linesOf(cells.nth(index))),
      );
      expect(date).toEqual([expect.stringMatching(`^${todayInIndia()} \\d\\d:\\d\\d:\\d\\d IST$`)]);
      expect(purchase).toEqual([quote.name, quote._id]);
      expect(who![0]).toBe(`${firstname} ${lastname}`);
      expect(ids).toEqual([quote.razorpay_order_id, payment.paymentId]);
      expect(status).toEqual(['captured', 'upi']);
      expect(await linesOf(cells.nth(5))).toEqual([formatAccountRupees(quote.totalPriceAfterTax)]);
      expect(await linesOf(cells.nth(6))).toEqual([formatAccountRupees(quote.totalPrice)]);
      expect(await linesOf(cells.nth(7))).toEqual(taxLinesOf(quote));
      expect(await linesOf(cells.nth(8))).toEqual([formatAccountRupees(quote.totalPriceAfterTax)]);
      expect(await linesOf(cells.nth(9))).toEqual([payment.invoice]);
    }
    // From Delhi: IGST, Delhi's supply. No state given: CGST and SGST, the supplier's state.
    expect(await linesOf(rowOf(subscription).getByRole('cell').nth(2))).toContain('Delhi');
    expect(taxLinesOf(subscription.quote).map((line) => line.split(' ')[0])).toEqual(['IGST']);
    expect(taxLinesOf(shareFee.quote).map((line) => line.split(' ')[0])).toEqual(['CGST', 'SGST']);
    expect((await linesOf(rowOf(shareFee).getByRole('cell').nth(2)))[1]).toMatch(
      /\(buyer gave no state\)$/,
    );
    // The failed attempt: no money, no invoice, the purchase's figures for what was tried.
    const failedCells = rowOf(failed).getByRole('cell');
    expect((await linesOf(failedCells.nth(4)))[0]).toMatch(/^failed\b/);
    expect(await linesOf(failedCells.nth(5))).toEqual(['—']);
    expect(await linesOf(failedCells.nth(9))).toEqual(['—']);
    await page.screenshot({ path: '/tmp/boli-audit-ledger.png', fullPage: true });

    // --- Hide failed attempts, then one kind at a time ----------------------------------------
    const hide = ledger.getByRole('switch', { name: 'Hide failed attempts' });
    await hide.click();
    await summary.getByText(ledgerCaption(2, ''), { exact: true }).waitFor();
    expect(await shownPaymentIds(rows)).toEqual([subscription.paymentId, shareFee.paymentId]);
    const kind = ledger.getByRole('combobox', { name: 'Kind' });
    const pickKind = async (label: string, count: number) => {
      await kind.click();
      await page.getByRole('option', { name: label, exact: true }).click();
      await summary.getByText(ledgerCaption(count, ''), { exact: true }).waitFor();
    };
    // The caption of one kind's single payment may still be the last kind's: the rows are polled.
    await pickKind('Share fee', 1);
    await expect.poll(() => shownPaymentIds(rows)).toEqual([shareFee.paymentId]);
    await pickKind('Membership', 1);
    await expect.poll(() => shownPaymentIds(rows)).toEqual([subscription.paymentId]);
    // The choice is in the address: a reload (or a link sent on) shows the same payments.
    expect(new URL(page.url()).searchParams.get('kind')).toBe('subscription');
    await page.reload();
    await summary.getByText(ledgerCaption(1, ''), { exact: true }).waitFor();
    expect(await shownPaymentIds(rows)).toEqual([subscription.paymentId]);
    expect(await hide.isChecked()).toBe(true);
    // Back undoes the last choice: the share fee again.
    await page.goBack();
    await expect.poll(() => new URL(page.url()).searchParams.get('kind')).toBe('shareFee');
    await expect.poll(() => shownPaymentIds(rows)).toEqual([shareFee.paymentId]);
    await page.goForward();
    await expect.poll(() => shownPaymentIds(rows)).toEqual([subscription.paymentId]);
    // Failed attempts shown again: the membership's failed one too, not the share fee.
    await hide.click();
    await summary.getByText(ledgerCaption(2, ''), { exact: true }).waitFor();
    expect(await shownPaymentIds(rows)).toEqual([subscription.paymentId, failed.paymentId]);
    // A day typed and not yet shown goes with a kind chosen: the boxes say what the list is of.
    const yesterday = indiaDateOf(new Date(Date.now() - 86_400_000).toISOString());
    await ledger.getByLabel('From', { exact: true }).fill(yesterday);
    await pickKind('All', 3);
    await expect.poll(() => new URL(page.url()).searchParams.get('from')).toBe(yesterday);

    // --- Compare with the gateway: the purchase whose attempt failed ---------------------------
    await rowOf(failed)
      .getByRole('button', { name: `Compare: purchase ${failed.quote._id}` })
      .click();
    const dialog = page.getByRole('dialog', {
      name: `Boli and the gateway: purchase ${failed.quote._id}`,
    });
    // A purchase holding a failed attempt: the verdict says why the amounts may differ.
    const failedSide = { status: 'failed', amount: null, method: null, refunded: 0 };
    const failedVerdict = comparisonVerdict({
      agrees: true,
      payments: [{ paymentId: '', orderId: '', ours: failedSide, gateway: null, problems: [] }],
    });
    await dialog.getByText(failedVerdict, { exact: true }).waitFor();
    const failedLine = dialog.getByRole('row').filter({ hasText: failed.paymentId });
    expect((await failedLine.getByRole('cell').allInnerTexts())[3]).toBe('—');
    await dialog.getByRole('button', { name: 'Close', exact: true }).click();
    await dialog.waitFor({ state: 'detached' });

    await context.close();
  });

  it('pages through more than a page of payments, and downloads every page as a CSV', async () => {
    // A page's worth more of failed attempts on the same order: a full page and one of 3.
    payments.push(...(await failedAttempts(failed.buyer, failed.quote, LIMITS.ledgerPageSize)));
    const expected = payments.map((payment) => payment.paymentId);
    await expect
      .poll(async () => (await ledgerPaymentIds(auditor)).length, { timeout: 45_000 })
      .toBe(expected.length);

    const { context, page } = await openAudit(auditor);
    const ledger = await showToday(page);
    const rows = ledger.getByTestId('ledger-row');
    const summary = ledger.getByTestId('ledger-summary');
    await summary.getByText(ledgerCaption(expected.length, ''), { exact: true }).waitFor();
    // The summary may be the default period's, which holds today too: the rows are waited for.
    await expect.poll(() => rows.count()).toBe(LIMITS.ledgerPageSize);
    const firstPage = await shownPaymentIds(rows);
    expect(firstPage).toHaveLength(LIMITS.ledgerPageSize);
    const pages = ledger.getByRole('navigation');
    expect(await pages.getByRole('button', { name: /^Go to page \d+$/ }).count()).toBe(1);
    await pages.getByRole('button', { name: 'Go to page 2', exact: true }).click();
    await expect.poll(async () => (await shownView(ledger))?.get('page')).toBe('1');
    await expect.poll(() => rows.count()).toBe(expected.length - LIMITS.ledgerPageSize);
    // The new page is shown from its first row, not from the screen's top.
    await expect.poll(() => rows.first().isVisible()).toBe(true);
    await expect
      .poll(() => rows.first().evaluate((row) => row.getBoundingClientRect().top))
      .toBeLessThan(900);
    expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(0);
    // The pager pressed went with the rows: the keyboard goes on from the table's top, not from
    // the page's (a Tab reaches the table's first link).
    await expect
      .poll(() => page.evaluate(() => document.activeElement !== document.body))
      .toBe(true);
    const secondPage = await shownPaymentIds(rows);
    expect(secondPage.filter((id) => firstPage.includes(id))).toEqual([]);
    expect([...firstPage, ...secondPage].sort()).toEqual([...expected].sort());
    await page.screenshot({ path: '/tmp/boli-audit-page-2.png', fullPage: true });

    // The CSV holds what is shown, every page of it: one line per payment.
    const download = page.waitForEvent('download');
    await ledger.getByRole('button', { name: 'Download CSV', exact: true }).click();
    const csv = await download;
    expect(csv.suggestedFilename()).toBe(
      `boli-payments-${todayInIndia()}-to-${todayInIndia()}.csv`,
    );
    const lines = (await readFile(await csv.path(), 'utf8'))
      .split('\r\n')
      .filter((line) => line !== '');
    expect(lines[0]).toContain('Payment ID');
    expect(lines).toHaveLength(expected.length + 1);
    for (const id of expected) {
      expect(
        lines.filter((line) => line.includes(id)),
        id,
      ).toHaveLength(1);
    }
    const subscriptionLine = lines.find((line) => line.includes(subscription.paymentId))!;
    expect(subscriptionLine).toContain(subscription.invoice);
    expect(subscriptionLine).toContain(subscription.quote.totalPriceAfterTax.toFixed(2));
    await context.close();
  });

  it('keeps the page to a phone’s width; the ledger scrolls in its box, by the keyboard too', async () => {
    // In California, a calendar day behind India half of every day: the ledger opens on the
    // financial year up to India's today, so today's payments are all there.
    const { context, page } = await openAudit(auditor, PHONE, 'America/Los_Angeles');
    const ledger = page.getByRole('region', { name: 'Payments ledger' });
    await ledger
      .getByTestId('ledger-summary')
      .getByText(ledgerCaption(payments.length, ''), { exact: true })
      .waitFor();
    expect(await ledger.getByLabel('To', { exact: true }).inputValue()).toBe(todayInIndia());
    expect(await sidewaysOverflowOnPhone(page)).toBe(0);
    await page.screenshot({ path: '/tmp/boli-audit-phone.png', fullPage: true });
    // Tab from the last of the filters reaches the sums by place of supply, folded, the check
    // of the period with the gateway, then the table's box, whose arrows scroll it.
    const scroller = ledger.getByRole('region', { name: 'Payments: scroll sideways for more' });
    // Its line says so above the table, where the auditor starts reading, not 50 rows down.
    const said = await ledger.getByTestId('scroll-sideways').boundingBox();
    expect(said!.y).toBeLessThan((await scroller.boundingBox())!.y);
    await ledger.getByRole('button', { name: 'Download CSV', exact: true }).focus();
    await page.keyboard.press('Tab');
    const byPlace = ledger.getByTestId('ledger-by-place').locator('summary');
    expect(await byPlace.evaluate((fold) => fold === document.activeElement)).toBe(true);
    await page.keyboard.press('Tab');
    const check = ledger.getByRole('button', { name: 'Check the period with the gateway' });
    expect(await check.evaluate((button) => button === document.activeElement)).toBe(true);
    await page.keyboard.press('Tab');
    expect(await scroller.evaluate((box) => box === document.activeElement)).toBe(true);
    expect(await scroller.evaluate((box) => box.scrollLeft)).toBe(0);
    await page.keyboard.press('ArrowRight');
    await expect.poll(() => scroller.evaluate((box) => box.scrollLeft)).toBeGreaterThan(0);
    // Each row's date, with what moved and how under it, stays in view as the table scrolls.
    await scroller.evaluate((box) => (box.scrollLeft = box.scrollWidth));
    const gist = ledger.getByTestId('ledger-row').first().getByTestId('ledger-row-gist');
    expect(await gist.innerText()).toMatch(/^₹[\d,]+\.\d\d · captured$/);
    const [box, seen] = [await scroller.boundingBox(), await gist.boundingBox()];
    expect(seen!.x).toBeGreaterThanOrEqual(box!.x);
    expect(seen!.x + seen!.width).toBeLessThanOrEqual(box!.x + box!.width);
    await page.screenshot({ path: '/tmp/boli-audit-phone-scrolled.png' });
    await context.close();
  });

  it('refuses a link’s period that is not days or runs backwards; says what else it leaves aside', async () => {
    const { context, page } = await openAudit(auditor);
    const ledger = page.getByRole('region', { name: 'Payments ledger' });
    const summary = ledger.getByTestId('ledger-summary');
    const csv = ledger.getByRole('button', { name: 'Download CSV', exact: true });
    const from = ledger.getByLabel('From', { exact: true });
    const to = ledger.getByLabel('To', { exact: true });
    // `/audit` alone shows the default period: its ledger is asked for and shown before the
    // links below, or a slow first ask would be counted as the first link's.
    await summary.waitFor();
    const ledgerCalls: string[] = [];
    page.on('request', (request) => {
      const url = new URL(request.url());
      if (url.pathname.startsWith('/api/audit/payments')) ledgerCalls.push(url.href);
    });
    /** `/audit?query` opened as a link is: once the series, asked with the ledger, is back. */
    const openLink = async (query: string) => {
      ledgerCalls.length = 0;
      const series = page.waitForResponse((answer) =>
        answer.url().includes('/api/audit/invoices/check'),
      );
      await page.goto(new URL(`/audit?${query}`, app.baseUrl).href);
      await series;
    };
    /** The link's period refused with `message`: no payments asked for, shown or downloadable. */
    const refused = async (query: string, message: string) => {
      await openLink(query);
      await ledger.getByRole('alert').filter({ hasText: message }).waitFor();
      expect(ledgerCalls, query).toEqual([]);
      expect(await summary.count(), query).toBe(0);
      expect(await csv.isDisabled(), query).toBe(true);
      await ledger.getByText('Show payments first: the CSV saves the payments shown.').waitFor();
      expect(await from.getAttribute('aria-invalid'), query).toBe('true');
    };

    // --- An end that is not a day written YYYY-MM-DD: said, with what the link held ----------
    const today = todayInIndia();
    const period = defaultPeriod(new Date());
    for (const [query, ends] of [
      ['from=30-11-2026&to=30-11-2026', { from: '30-11-2026', to: '30-11-2026' }],
      ['from=2026-02-30', { from: '2026-02-30' }],
      ['from=2026-13-01', { from: '2026-13-01' }],
      [
        `from=${today}T10:00:00&to=${today}T13:33:00`,
        { from: `${today}T10:00:00`, to: `${today}T13:33:00` },
      ],
    ] as const) {
      const bad = Object.entries(ends).map(([end, value]) => ({
        end: end as 'from' | 'to',
        value,
      }));
      await refused(query, unreadablePeriod(bad));
      // The fields offer the default period, which Show payments shows once chosen.
      expect(await from.inputValue()).toBe(period.from);
      expect(await to.inputValue()).toBe(period.to);
    }
    await ledger.getByRole('button', { name: 'Show payments' }).click();
    await summary.getByText(ledgerCaption(payments.length, ''), { exact: true }).waitFor();
    expect(new URL(page.url()).search).toBe('');
    expect(await csv.isEnabled()).toBe(true);
    expect(await from.getAttribute('aria-invalid')).toBe('false');

    // --- From after To: refused as the form refuses it, the link's days in the fields ---------
    await refused('from=2026-11-30&to=2026-11-01', PERIOD_REVERSED);
    expect(await from.inputValue()).toBe('2026-11-30');
    expect(await to.inputValue()).toBe('2026-11-01');
    expect(await ledger.getByText('from must be before to').count()).toBe(0);

    // --- A kind or failed the screen does not know: said, and what is shown instead ---------
    await openLink('kind=bogus&failed=xyz');
    const warning = ledger.getByRole('alert').filter({ hasText: kindIgnored('bogus') });
    await warning.waitFor();
    expect(await warning.innerText()).toContain(failedIgnored('xyz'));
    await summary.getByText(ledgerCaption(payments.length, ''), { exact: true }).waitFor();
    expect(await csv.isEnabled()).toBe(true);

    // --- A page past the end: the last page, not an empty one under the period's count -------
    const lastPage = Math.ceil(payments.length / LIMITS.ledgerPageSize) - 1;
    await openLink('page=99');
    await expect
      .poll(() => new URL(page.url()).searchParams.get('page'))
      .toBe(lastPage > 0 ? String(lastPage) : null);
    await summary.getByText(ledgerCaption(payments.length, ''), { exact: true }).waitFor();
    await expect
      .poll(() => ledger.getByTestId('ledger-row').count())
      .toBe(payments.length - lastPage * LIMITS.ledgerPageSize);
    // Two payments moved money, one page of them: a link to the second shows the first.
    await openLink('failed=hide&page=1');
    await expect.poll(() => new URL(page.url()).search).toBe('?failed=hide');
    await summary.getByText(ledgerCaption(2, ''), { exact: true }).waitFor();
    await expect.poll(() => ledger.getByTestId('ledger-row').count()).toBe(2);
    await context.close();
  });
});
