import { readFile } from 'node:fs/promises';
import { LIMITS } from '@boli/engine/shared/limits';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import {
  creditNoteNumber,
  financialYearOf,
  invoiceNumber,
} from '@boli/engine/billing/invoice.rules';
import { indiaWallClockOf } from '@boli/engine/shared/indiaTime';
import {
  apiKit,
  eventually,
  type ApiKit,
  type TestMember,
} from '../../../../ops/src/testing/apiKit.ts';
import { startApp, type TestApp } from '../../../../ops/src/testing/app.ts';
import { launchBrowser } from '../../../../ops/src/testing/browser.ts';
import {
  orderedSubscription,
  subscriptionsOrderedSideBySide,
  paidSubscription,
  payAtSandbox,
  sandboxBehaviour,
} from '../../../../ops/src/testing/sandboxPayments.ts';

/*
 * The auditor's /audit screen in Chromium (web/src/features/audit/), against the real api: a
 * member in Maharashtra subscribes through the sandbox gateway (and one in Karnataka after
 * them); the auditor sees the year's series complete, the payment with IGST, its India time and
 * invoice number, and the gateway agreeing.
 * (This test lives beside the audit api because web/src is typechecked without Node's types.)
 */

let app: TestApp;
let kit: ApiKit;
let browser: Browser;
let auditor: TestMember;
let member: TestMember;
let paid: { purchaseId: string; paymentId: string };

beforeAll(async () => {
  [app, browser] = await Promise.all([startApp(), launchBrowser()]);
  kit = apiKit(app);
  auditor = await kit.member('auditorb', { roles: ['member', 'auditor'] });
  member = await kit.member('ravimhb', { state: 'Maharashtra' });
  paid = await paidSubscription(app, kit, member);
  // Bought within the supplier's state: CGST and SGST, the ledger's widest tax cell.
  await paidSubscription(app, kit, await kit.member('ashakab', { state: 'Karnataka' }));
});

afterAll(async () => {
  await browser?.close();
  await kit?.close();
  await app?.stop();
});

async function openAudit(as: TestMember, path = '/audit'): Promise<Page> {
  // A browser in California, a different calendar day from India half of every day: the screen
  // must still speak India's days and times, as the invoices do.
  const context = await browser.newContext({
    viewport: { width: 1600, height: 1000 },
    timezoneId: 'America/Los_Angeles',
  });
  // As the web app stores a session (web/src/app/session/storage.ts); a string, since this
  // file is typechecked without the DOM's types.
  const session = { jwt: as.token, refreshToken: '', userId: as.userId, username: as.username };
  await context.addInitScript({
    content: `for (const [k, v] of Object.entries(${JSON.stringify(session)})) localStorage.setItem(k, v);`,
  });
  const page = await context.newPage();
  await page.goto(new URL(path, app.baseUrl).href);
  return page;
}

describe('the audit screen', () => {
  it("shows the auditor a complete series, the payment's IGST and the gateway agreeing", async () => {
    const page = await openAudit(auditor);
    const financialYear = financialYearOf(new Date().toISOString());
    const series = page.getByRole('region', { name: 'Invoice series' });
    await series
      .getByText(
        `Series complete: 2 invoices, ${invoiceNumber(financialYear, 1)} to ${invoiceNumber(financialYear, 2)}`,
      )
      .waitFor();

    const ledger = page.getByRole('region', { name: 'Payments ledger' });
    const row = ledger.getByTestId('ledger-row').filter({ hasText: paid.paymentId });
    await row.waitFor();
    const text = await row.innerText();
    expect(text).toContain(paid.paymentId);
    expect(text).toContain('Maharashtra');
    expect(text).toMatch(/IGST 18% · ₹[\d,]+(\.\d\d)?/);
    expect(await ledger.getByText(/^CGST 9% · ₹/).count()).toBe(1);
    expect(text).toContain('captured');
    // The period's sums: two subscriptions of ₹1,178.82 each, nothing failed or refunded.
    expect(await ledger.getByTestId('ledger-summary').innerText()).toContain(
      'Received ₹2,357.64 in 2 payments · refunded ₹0.00 (0) · net ₹2,357.64 · 0 failed',
    );
    const ledgerAnswer = await kit.api('/api/audit/payments', { token: auditor.token });
    const { capturedAt } = (
      ledgerAnswer.body.data as { payments: { purchaseId: string; capturedAt: string }[] }
    ).payments.find((payment) => payment.purchaseId === paid.purchaseId)!;
    expect(text).toContain(`${indiaWallClockOf(capturedAt)} IST`);
    const invoiceLink = row.getByRole('button', {
      name: `Download invoice ${invoiceNumber(financialYear, 1)}`,
    });
    const [download] = await Promise.all([page.waitForEvent('download'), invoiceLink.click()]);
    expect(download.suggestedFilename()).toBe(
      `${invoiceNumber(financialYear, 1).replaceAll('/', '-')}.pdf`,
    );
    const pdf = await readFile(await download.path());
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');

    // On an ordinary desktop window the whole table is in view, Invoice and Compare included.
    await page.setViewportSize({ width: 1280, height: 900 });
    const table = ledger.getByRole('table', { name: 'Payments' });
    const sideways = await table.evaluate(
      (element: { parentElement: { scrollWidth: number; clientWidth: number } | null }) =>
        element.parentElement!.scrollWidth - element.parentElement!.clientWidth,
    );
    expect(sideways).toBeLessThanOrEqual(0);
    await page.screenshot({ path: '/tmp/boli-audit-1280.png', fullPage: true });

    // A reversed period is refused at once, and the figures of the last one go with it.
    await ledger.getByLabel('From').fill('2099-12-31');
    await ledger.getByRole('button', { name: 'Show payments' }).click();
    await ledger.getByText('‘From’ must be on or before ‘To’.').waitFor();
    expect(await ledger.getByTestId('ledger-row').count()).toBe(0);
    // Both dates are marked and say why; the keyboard is on the first, to mend it.
    for (const end of ['From', 'To']) {
      const field = ledger.getByLabel(end);
      expect(await field.getAttribute('aria-invalid'), end).toBe('true');
      expect(await field.getAttribute('aria-describedby'), end).toBe('ledger-period-problem');
    }
    expect(await ledger.getByLabel('From').evaluate((field) => field.matches(':focus'))).toBe(true);
    // Nothing is shown, so there is nothing to save: not the last period's payments either.
    const csvButton = ledger.getByRole('button', { name: 'Download CSV' });
    expect(await csvButton.isDisabled()).toBe(true);
    // Cleared, both ends are open: every payment again.
    await ledger.getByLabel('From').fill('');
    await ledger.getByLabel('To').fill('');
    expect(await csvButton.isDisabled()).toBe(true); // typed, not shown yet
    await ledger.getByRole('button', { name: 'Show payments' }).click();
    await row.waitFor();
    // The row is the open period's: the last period's did not come back while the address moved.
    expect(new URL(page.url()).search).toBe('?from=&to=');
    expect(await csvButton.isDisabled()).toBe(false);
    // Hiding the failed attempts asks for the payments that moved money only; this one stays.
    const hiding = page.waitForRequest(
      (request) => new URL(request.url()).searchParams.get('failed') === 'hide',
    );
    await ledger.getByRole('switch', { name: 'Hide failed attempts' }).click();
    await hiding;
    await row.waitFor();
    // One kind of purchase: neither payment here is a bid fee.
    const kind = ledger.getByRole('combobox', { name: 'Kind' });
    await kind.click();
    await page.getByRole('option', { name: 'Bid fee' }).click();
    await ledger.getByRole('cell', { name: 'No payments in this period.' }).waitFor();
    // …which a screen reader is told.
    await page
      .getByRole('status')
      .getByText(/^No payments in this period\.$/)
      .waitFor();
    await kind.click();
    await page.getByRole('option', { name: 'All' }).click();
    await row.waitFor();
    // The invoice number in hand finds its payment (Enter shows it, as the button does); the
    // CSV waits until what is typed is shown.
    const search = ledger.getByRole('searchbox', { name: 'Search' });
    const summary = ledger.getByTestId('ledger-summary');
    await search.fill(invoiceNumber(financialYear, 1).toLowerCase());
    expect(await csvButton.isDisabled()).toBe(true);
    await search.press('Enter');
    await summary.getByText(/^1 payment in this period matching ‘.+’\.$/).waitFor();
    expect(await ledger.getByTestId('ledger-row').count()).toBe(1);
    // The ledger's search is its own: the top bar's ad search is not filled with it.
    expect(await page.getByRole('searchbox', { name: 'Search ads' }).inputValue()).toBe('');
    await row.waitFor();
    // A long search, found nowhere, is quoted without widening the page, on a phone too.
    await page.setViewportSize({ width: 390, height: 844 });
    await search.fill('x'.repeat(LIMITS.ledgerSearchMax));
    await search.press('Enter');
    await summary.getByText(/^No payments in this period matching ‘x+’\.$/).waitFor();
    const pageSideways =
      'document.documentElement.scrollWidth - document.documentElement.clientWidth';
    expect(await page.evaluate(pageSideways)).toBeLessThanOrEqual(0);
    await page.setViewportSize({ width: 1280, height: 900 });
    await search.fill('');
    await search.press('Enter');
    await summary.getByText(/^2 payments in this period\.$/).waitFor();
    // What is shown downloads as a spreadsheet, every page of it.
    const [csv] = await Promise.all([
      page.waitForEvent('download'),
      ledger.getByRole('button', { name: 'Download CSV' }).click(),
    ]);
    // Failed attempts are hidden on the screen (the default): the name says the file leaves
    // them out.
    expect(csv.suggestedFilename()).toBe('boli-payments-start-to-end-without-failed.csv');
    const lines = (await readFile(await csv.path(), 'utf8')).split('\r\n');
    expect(lines[0]).toContain('Date (IST),Status,Duplicate,Kind,Purchase');
    expect(lines.filter((line) => line.includes(paid.paymentId))).toHaveLength(1);
    expect(lines.filter((line) => line !== '')).toHaveLength(3);

    // One of a Compare per payment, named for its purchase.
    await row.getByRole('button', { name: `Compare: purchase ${paid.purchaseId}` }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByText('Our record matches the gateway.').waitFor();
    expect(await dialog.innerText()).toContain(paid.paymentId);
    // On a phone the comparison wraps within the dialog: nothing to scroll sideways to. The
    // dialog turns full-screen when React hears the media query change, after the resize: the
    // overflow is read until that has happened (read at once, it once caught the old layout).
    await page.setViewportSize({ width: 390, height: 844 });
    const compared = dialog.getByRole('table', { name: 'Orders and payments' });
    const overflow = () =>
      compared.evaluate(
        (element: { scrollWidth: number; parentElement: { clientWidth: number } | null }) =>
          element.scrollWidth - element.parentElement!.clientWidth,
      );
    await expect.poll(overflow).toBeLessThanOrEqual(0);
  });

  it('tells a member without the auditor role that they may not', async () => {
    const page = await openAudit(member);
    // Once, with the way back, and none of the auditor's controls.
    await page.getByText('You are not allowed to do this.').waitFor();
    await page.getByRole('link', { name: 'Back to ads' }).waitFor();
    expect(await page.getByRole('button', { name: 'Show payments' }).count()).toBe(0);
    await page.getByRole('button', { name: 'Menu' }).click();
    await page.getByRole('menuitem', { name: 'Transactions' }).waitFor();
    expect(await page.getByRole('menuitem', { name: 'Payments audit' }).count()).toBe(0);
  });

  it('shows the credit note that reversed a refunded invoice, to the auditor and the buyer', async () => {
    // Two tabs' checkouts of the same plan, both paid: the second payment is refunded.
    const buyer = await kit.member('twotabsb', { state: 'Karnataka' });
    const orders = await subscriptionsOrderedSideBySide(kit, buyer);
    for (const order of orders) await payAtSandbox(app, order.orderId);
    const financialYear = financialYearOf(new Date().toISOString());
    const number = creditNoteNumber(financialYear, 1);
    await eventually(
      async () => {
        const { body } = await kit.api(`/api/audit/invoices/check?financialYear=${financialYear}`, {
          token: auditor.token,
        });
        return (body.data as { creditNotes: { count: number } }).creditNotes.count === 1;
      },
      { what: 'the refund was credited', timeoutMs: 30_000 },
    );

    const page = await openAudit(auditor);
    const series = page.getByRole('region', { name: 'Invoice series' });
    await series
      .getByText(new RegExp(`^Series complete: .*; 1 credit note, ${number} to ${number}$`))
      .waitFor();
    await series
      .getByTestId('series-credit-notes')
      .filter({ hasText: `1 credit note, ${number} to ${number}` })
      .waitFor();
    const ledger = page.getByRole('region', { name: 'Payments ledger' });
    // The period's sums say the credit note issued in it, and the tax net of it.
    const summary = ledger.getByTestId('ledger-summary');
    await summary
      .getByText(/^Credit notes issued: 1 credit note · taxable value ₹999\.00 · /)
      .waitFor();
    await summary.getByText(/^Net of credit notes: taxable value /).waitFor();
    const link = ledger.getByRole('button', { name: `Download credit note ${number}` });
    const [download] = await Promise.all([page.waitForEvent('download'), link.click()]);
    expect(download.suggestedFilename()).toBe(`${number.replaceAll('/', '-')}.pdf`);
    expect((await readFile(await download.path())).subarray(0, 5).toString()).toBe('%PDF-');

    // The buyer finds it beside the invoice in their transactions.
    const own = await openAudit(buyer, '/transactions');
    await own.getByRole('button', { name: `Download credit note ${number}` }).waitFor();
    expect(await own.getByRole('button', { name: /^Download invoice / }).count()).toBe(2);
  });

  it('checks the whole period with the gateway, and finds a capture Boli never heard of', async () => {
    const page = await openAudit(auditor);
    const ledger = page.getByRole('region', { name: 'Payments ledger' });
    const check = ledger.getByRole('button', { name: 'Check the period with the gateway' });
    await check.click();
    const result = ledger.getByTestId('period-reconciliation');
    // Whatever the verdict, it is read whole: a disagreement fails here saying what differed.
    await result.waitFor();
    expect(await result.innerText()).toMatch(
      /^Boli's ledger and the gateway agree on all \d+ payments of the period\.\s+Boli's ledger: \d+ payments · received ₹[\d,]+\.\d\d/,
    );

    // The gateway takes a payment whose news never reaches Boli (no webhook, no callback).
    await sandboxBehaviour(app, { dropWebhooks: true });
    const unheard = await orderedSubscription(kit, await kit.member('unheardb'));
    let paymentId: string;
    try {
      paymentId = (await payAtSandbox(app, unheard.orderId)).razorpay_payment_id;
    } finally {
      await sandboxBehaviour(app, { dropWebhooks: false });
    }
    await check.click();
    await result.getByText(/^Boli's ledger and the gateway differ on 1 payment of \d+\./).waitFor();
    // The screen reader hears the verdict too.
    await page
      .getByRole('status')
      .getByText(/differ on 1 payment of/)
      .waitFor();
    const difference = result.getByTestId('reconciliation-difference');
    expect(await difference.innerText()).toContain(paymentId);
    expect(await difference.innerText()).toContain('captured at the gateway, not recorded by Boli');
    // Its order is Boli's: the purchase's own comparison opens from it.
    await difference
      .getByRole('button', { name: `Compare: purchase ${unheard.purchaseId}` })
      .click();
    await page.getByRole('dialog').getByText('Our record and the gateway differ.').waitFor();
    await page.getByRole('dialog').getByRole('button', { name: 'Close' }).click();
    await page.screenshot({ path: '/tmp/boli-audit-reconciliation.png', fullPage: true });
    // On a phone the differences scroll in their own box; the page does not.
    await page.setViewportSize({ width: 390, height: 844 });
    expect(
      await page.evaluate(
        'document.documentElement.scrollWidth - document.documentElement.clientWidth',
      ),
    ).toBeLessThanOrEqual(0);
  });

  it('is in the auditor’s menu', async () => {
    const page = await openAudit(auditor);
    await page.goto(new URL('/', app.baseUrl).href);
    await page.getByRole('button', { name: 'Menu' }).click();
    await page.getByRole('menuitem', { name: 'Payments audit' }).click();
    await page.waitForURL((url) => url.pathname === '/audit');
    await page.getByRole('region', { name: 'Invoice series' }).waitFor();
  });
});
