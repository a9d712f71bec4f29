import { describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { BILLING_MESSAGES } from '@boli/engine/billing/billing.messages';
import { MESSAGES } from '@boli/engine/shared/messages';
import { LIMITS } from '@boli/engine/shared/limits';
import type { TestApp } from '../../ops/src/testing/app.ts';
import { payAtSandbox } from '../../ops/src/testing/sandboxPayments.ts';
import {
  PHONE,
  loseFirstAnswer,
  sidewaysOverflowOnPhone,
  textLinesOf,
  withAppAndBrowser,
} from './support/harness.ts';
import { acknowledgeBidPosted, fillBidDetails } from './support/bids.ts';
import { createMember, openAs } from './support/members.ts';
import { api, clickInCheckout, expectPriceBreakup, sandboxCheckout } from './support/payments.ts';

/*
 * Share bids in Chromium against the real api, read models and the sandbox gateway: a member
 * without the buy-share bid fee posts a bid, sees the fee with its tax breakup, pays it in the
 * sandbox checkout and sees 'Bid Posted!' and the bid in Previous Bids; the next bid is posted
 * directly, without the fee. Once subscribed, the member sees the screen's other variant.
 */

let app: TestApp;
let browser: Browser;

withAppAndBrowser((running) => ({ app, browser } = running));

/**
 * Letters only, so no run of the (letters-and-digits) username can appear in it by chance; one
 * long word (15 letters), the widest a name can make the tables.
 */
const companyName = () =>
  `Kite${Array.from({ length: 11 }, () => String.fromCharCode(81 + Math.floor(Math.random() * 9))).join('')}`;

/** The lifetime subscription, bought over the api and paid at the sandbox (no browser). */
async function subscribe(token: string) {
  const cart = await api(app, '/api/cart/add/lifetime/web', { token });
  const order = cart.body.data as { _id: string; razorpay_order_id: string };
  const confirmed = await api(app, '/api/cart/payment/', {
    token,
    json: { ...(await payAtSandbox(app, order.razorpay_order_id)), cart_id: order._id },
  });
  expect(confirmed.status, JSON.stringify(confirmed.body)).toBe(200);
}

async function postBid(page: Page, type: 'Open' | 'Hidden', amount: string) {
  const form = page.getByRole('form', { name: 'Post A Bid' });
  await fillBidDetails(page, form, type, amount);
  await form.getByRole('button', { name: 'Post Bid' }).click();
}

describe('share bids through the sandbox checkout', () => {
  it('shows the second tab its bid posted, once the fee the first tab paid is refunded', async () => {
    const member = await createMember(app, { address: true });
    const company = companyName();
    const tabs = [await openAs(browser, member), await openAs(browser, member)];
    // Both tabs reach the fee's checkout before either pays, each for a bid of its own.
    const feeDialogs = [];
    for (const [index, { page }] of tabs.entries()) {
      await page.goto(new URL(`/bid/${member.userId}`, app.baseUrl).href);
      const form = page.getByRole('form', { name: 'Post A Bid' });
      await form.getByLabel('Company').fill(company);
      await postBid(page, 'Open', String(25_000 + index * 1_000));
      const feeDialog = page.getByRole('dialog', { name: 'Buy-share bid fee' });
      await feeDialog.getByRole('button', { name: 'Proceed' }).click();
      await sandboxCheckout(page).getByRole('button', { name: 'Pay', exact: true }).waitFor();
      feeDialogs.push(feeDialog);
    }
    const [first, second] = tabs.map((tab) => tab.page) as [Page, Page];
    await clickInCheckout(first, 'Pay');
    await acknowledgeBidPosted(first);

    // The second fee is refunded and its bid posted: the page behind says so too, and its form
    // no longer holds the bid, to be sent again.
    await clickInCheckout(second, 'Pay');
    await feeDialogs[1]!
      .getByText(BILLING_MESSAGES.shareFeeRefundedAlreadyPaid)
      .waitFor({ timeout: 45_000 });
    // (The dialog, still open, hides the page from role queries.)
    const rows = second
      .getByRole('region', { name: 'Previous Bids', includeHidden: true })
      .getByRole('row', { includeHidden: true })
      .filter({ hasText: company });
    await expect.poll(() => rows.count(), { timeout: 20_000 }).toBe(2);
    await expect
      .poll(() => second.getByText(/^Your first share bid is posted once/).count())
      .toBe(0);
    const form = second.getByRole('form', { name: 'Post A Bid', includeHidden: true });
    expect(await form.getByLabel('Amount (₹)').inputValue()).toBe('');
    await Promise.all(tabs.map((tab) => tab.context.close()));
  }, 120_000);

  it('posts directly from a tab read before the fee was paid in another', async () => {
    const member = await createMember(app, { address: true });
    const company = companyName();
    const tabs = [await openAs(browser, member), await openAs(browser, member)];
    for (const { page } of tabs) {
      await page.goto(new URL(`/bid/${member.userId}`, app.baseUrl).href);
      await page.getByText(/^Your first share bid is posted once/).waitFor();
    }
    const [first, stale] = tabs.map((tab) => tab.page) as [Page, Page];
    await first.getByRole('form', { name: 'Post A Bid' }).getByLabel('Company').fill(company);
    await postBid(first, 'Open', '25000');
    await first
      .getByRole('dialog', { name: 'Buy-share bid fee' })
      .getByRole('button', { name: 'Proceed' })
      .click();
    await clickInCheckout(first, 'Pay');
    await acknowledgeBidPosted(first);

    // The stale tab still says a fee is due; its bid is posted without one, and it catches up.
    await stale.getByRole('form', { name: 'Post A Bid' }).getByLabel('Company').fill(company);
    await postBid(stale, 'Hidden', '26000');
    await acknowledgeBidPosted(stale);
    expect(await stale.getByRole('dialog', { name: 'Buy-share bid fee' }).count()).toBe(0);
    await expect
      .poll(() => stale.getByText(/^Your first share bid is posted once/).count())
      .toBe(0);
    const rows = stale
      .getByRole('region', { name: 'Previous Bids' })
      .getByRole('row')
      .filter({ hasText: company });
    await expect.poll(() => rows.count()).toBe(2);
    await Promise.all(tabs.map((tab) => tab.context.close()));
  }, 120_000);

  it('offers again on Post A Bid a fee whose checkout a reload cut short; paid, its bid is posted', async () => {
    const member = await createMember(app, { address: true });
    const company = companyName();
    const { context, page } = await openAs(browser, member);
    await page.goto(new URL(`/bid/${member.userId}`, app.baseUrl).href);
    await page.getByRole('form', { name: 'Post A Bid' }).getByLabel('Company').fill(company);
    await postBid(page, 'Hidden', '37000');
    // Closed, the fee's dialog gives the keyboard back to Post Bid (busy as the dialog opened).
    const feeDialog = page.getByRole('dialog', { name: 'Buy-share bid fee' });
    await feeDialog.getByRole('button', { name: 'Proceed' }).waitFor();
    await page.keyboard.press('Escape');
    await feeDialog.waitFor({ state: 'detached' });
    const postBidButton = page.getByRole('button', { name: 'Post Bid' });
    await expect
      .poll(() => postBidButton.evaluate((button) => button === document.activeElement))
      .toBe(true);
    // What was typed outlives a look at another page: Back finds the company, type and amount,
    // not the member's alias and an empty amount. (Once the dialog's history entry has left.)
    await expect
      .poll(() => page.evaluate(() => JSON.stringify(window.history.state).includes('boliDialog')))
      .toBe(false);
    await page.getByRole('button', { name: 'Menu' }).click();
    await page.getByRole('menuitem', { name: 'Transactions' }).click();
    await page.waitForURL('**/transactions');
    await page.goBack();
    const form = page.getByRole('form', { name: 'Post A Bid' });
    await expect.poll(() => form.getByLabel('Company').inputValue()).toBe(company);
    expect(await form.getByRole('combobox', { name: 'Type' }).innerText()).toBe('Hidden');
    expect(await form.getByLabel('Amount (₹)').inputValue()).toBe('37000');
    await postBidButton.click();
    await feeDialog.getByRole('button', { name: 'Proceed' }).click();
    await sandboxCheckout(page).getByRole('button', { name: 'Pay', exact: true }).waitFor();
    // Reloaded in the middle of the checkout: the bid waits above the form, with Pay now.
    await page.reload();
    const bid = `Hidden bid of ₹37,000 as ${company}`;
    const unpaid = page.getByTestId('unpaid-fees');
    await unpaid
      .getByText(`${bid}: waiting for its buy-share bid fee.`, { exact: false })
      .waitFor();
    await unpaid.getByRole('button', { name: `Pay now: ${bid}` }).click();
    const payDialog = page.getByRole('dialog', { name: /bid fee/i });
    await payDialog.getByRole('button', { name: 'Proceed' }).click();
    await clickInCheckout(page, 'Pay');
    await acknowledgeBidPosted(page);
    const rows = page
      .getByRole('region', { name: 'Previous Bids' })
      .getByRole('row')
      .filter({ hasText: company });
    await expect.poll(() => rows.count()).toBe(1);
    await unpaid.waitFor({ state: 'detached' });
    // Pay now went with the note: the keyboard is on the form, not lost at the page's start.
    await expect
      .poll(() => form.evaluate((element) => element.parentElement === document.activeElement))
      .toBe(true);
    // The bid the reload kept in the form was the one the fee posted: the form is empty again.
    expect(await form.getByLabel('Amount (₹)').inputValue()).toBe('');
    await expect.poll(() => page.getByText(/^Your first share bid is posted once/).count()).toBe(0);
    await context.close();
  }, 120_000);

  it('pays the buy-share bid fee with the first bid, then posts the next bid directly', async () => {
    const member = await createMember(app, { address: true });
    const company = companyName();
    const { context, page } = await openAs(browser, member);

    // /buyShare, from the menu's Become a Partner?: the fee's price and tax, every share bid,
    // and the way to Post A Bid.
    await page.goto(new URL('/', app.baseUrl).href);
    await page.getByRole('button', { name: 'Menu' }).click();
    await page.getByRole('menuitem', { name: 'Become a Partner?' }).click();
    await page.waitForURL('**/buyShare');
    const feeQuote = page.getByRole('table', { name: 'Buy-share bid fee' });
    await feeQuote.waitFor();
    expect(await feeQuote.innerText()).toMatch(/Total after tax\s+₹[\d,.]+/);
    await page.getByRole('link', { name: 'Post A Bid' }).click();
    await page.waitForURL(`**/bid/${member.userId}`);

    // A member on the free trial has no subscription: that screen offers it, saying until when
    // the trial lets them bid and sell, not that they must subscribe to.
    const offer = page.getByTestId('share-bid-unsubscribed');
    await offer.waitFor();
    expect(await offer.innerText()).toContain('Your free trial lets you bid and sell until');
    expect(await offer.innerText()).not.toContain(MESSAGES.pleaseSubscribe);
    const previous = page.getByRole('region', { name: 'Previous Bids' });
    await previous.getByText(MESSAGES.noBidsPosted).waitFor();

    // The first bid: the fee dialog, the checkout, then 'Bid Posted!'.
    const form = page.getByRole('form', { name: 'Post A Bid' });
    // The company is the spec's "bid username" here: its refusals ('Bid username can’t…') name it so.
    await form.getByText('Your bid username: the name your bids are shown under').waitFor();
    await form.getByLabel('Company').fill(company);
    await postBid(page, 'Hidden', '25000');
    const feeDialog = page.getByRole('dialog', { name: 'Buy-share bid fee' });
    await expectPriceBreakup(feeDialog);
    await page.screenshot({ path: '/tmp/boli-shares-fee-dialog.png' });
    await feeDialog.getByRole('button', { name: 'Proceed' }).click();
    await clickInCheckout(page, 'Pay');
    await acknowledgeBidPosted(page);
    const rows = previous.getByRole('row').filter({ hasText: company });
    await expect.poll(() => rows.count(), { timeout: 20_000 }).toBe(1);
    expect(await rows.first().innerText()).toMatch(/Hidden\s+₹25,000/);
    const detail = await api(app, '/api/user', { token: member.token });
    expect(detail.body.data).toMatchObject({ hasPaidToBuyShare: true });

    // Paid once: the next bid is posted without the fee dialog.
    await postBid(page, 'Open', '30000');
    await acknowledgeBidPosted(page);
    await expect.poll(() => rows.count(), { timeout: 20_000 }).toBe(2);
    expect(await rows.first().innerText()).toMatch(/Open\s+₹30,000/);
    expect(await feeDialog.count()).toBe(0);
    await page.screenshot({ path: '/tmp/boli-shares-bids.png', fullPage: true });

    // A bid whose answer was lost on the way back, pressed again (as the notice says is safe):
    // the same Idempotency-Key goes with it, and it is posted once.
    await loseFirstAnswer(page, '/api/buyShare/');
    await postBid(page, 'Open', '35000');
    await form.getByText(MESSAGES.shareBidUnconfirmed).waitFor();
    await form.getByRole('button', { name: 'Post Bid' }).click();
    await acknowledgeBidPosted(page);
    await expect.poll(() => rows.count(), { timeout: 20_000 }).toBe(3);
    const mine = await api(app, '/api/buyShare/bids?mine=true', { token: member.token });
    expect(JSON.stringify(mine.body.data).match(/35000/g)).toHaveLength(1);

    // Everyone's list on /buyShare shows both, and that the fee is paid.
    await page.goto(new URL('/buyShare', app.baseUrl).href);
    await page.getByText('Buy-share bid fee paid').waitFor();
    const all = page.getByRole('region', { name: 'Share bids' }).getByRole('row');
    await expect.poll(() => all.filter({ hasText: company }).count()).toBe(3);
    // A bid posted elsewhere meanwhile shows unreloaded: the list is read again while shown.
    const elsewhere = await api(app, '/api/buyShare/', {
      token: member.token,
      json: {
        user_id: member.userId,
        username: member.username,
        company,
        bidamt: 36_000,
        type: 'Open',
      },
    });
    expect(elsewhere.status, JSON.stringify(elsewhere.body)).toBe(200);
    await expect
      .poll(() => all.filter({ hasText: company }).count(), {
        timeout: LIMITS.bidListRefreshMs + 5_000,
      })
      .toBe(4);
    // On a phone the table keeps to the screen, the time under the company, neither broken; so
    // on the narrowest phones too.
    expect(await sidewaysOverflowOnPhone(page)).toBe(0);
    await page.setViewportSize(PHONE);
    const companyCell = all.filter({ hasText: company }).first().getByRole('cell').first();
    expect(await companyCell.evaluate(textLinesOf, true)).toBe(1);
    expect(await companyCell.locator('time').evaluate(textLinesOf)).toBe(1);
    expect(await sidewaysOverflowOnPhone(page, { width: 320, height: 640 })).toBe(0);
    await page.setViewportSize({ width: 1280, height: 900 });

    // With a subscription, /bid/{id} is the other screen: the subscription instead of its offer.
    await subscribe(member.token);
    await page.goto(new URL(`/bid/${member.userId}`, app.baseUrl).href);
    const subscribed = page.getByTestId('share-bid-subscribed');
    await subscribed.waitFor();
    // Opened again, the form starts with the company the member bid under, not their alias: a
    // bid under another name would be another company to the others.
    await expect
      .poll(() => page.getByRole('form', { name: 'Post A Bid' }).getByLabel('Company').inputValue())
      .toBe(company);
    expect(await subscribed.innerText()).toContain(MESSAGES.lifetimeSubscription);
    expect(await subscribed.innerText()).toContain('Buy-share bid fee paid');
    expect(await page.getByTestId('share-bid-unsubscribed').count()).toBe(0);
    // The three posted here, and the one posted elsewhere.
    await expect.poll(() => rows.count()).toBe(4);
    // Eleven bids are two pages: the page chosen is in the address, so a reload finds it, and a
    // page the list no longer has (an old link) shows its last.
    for (const bidamt of [40_000, 41_000, 42_000, 43_000, 44_000, 45_000, 46_000]) {
      const more = await api(app, '/api/buyShare/', {
        token: member.token,
        json: { user_id: member.userId, username: member.username, company, bidamt, type: 'Open' },
      });
      expect(more.status, JSON.stringify(more.body)).toBe(200);
    }
    await page.reload();
    await expect.poll(() => rows.count()).toBe(LIMITS.bidPageSize);
    await page
      .getByRole('region', { name: 'Previous Bids' })
      .getByRole('button', { name: 'Go to page 2' })
      .click();
    await expect.poll(() => rows.count()).toBe(1);
    expect(new URL(page.url()).searchParams.get('page')).toBe('2');
    await page.reload();
    await expect.poll(() => rows.count()).toBe(1);
    await page.goto(new URL(`/bid/${member.userId}?page=9`, app.baseUrl).href);
    await expect.poll(() => new URL(page.url()).searchParams.get('page')).toBe('2');
    await expect.poll(() => rows.count()).toBe(1);
    await context.close();

    // Another member, before paying the fee, bids under that company name: refused at Post Bid,
    // before any price is shown, with the keyboard back on the company.
    const other = await createMember(app, { address: true });
    const second = await openAs(browser, other);
    await second.page.goto(new URL(`/bid/${other.userId}`, app.baseUrl).href);
    const otherForm = second.page.getByRole('form', { name: 'Post A Bid' });
    await otherForm.getByLabel('Company').fill(company);
    await postBid(second.page, 'Open', '5000');
    await otherForm.getByText(MESSAGES.companyNameTaken).waitFor();
    expect(await second.page.getByRole('dialog', { name: 'Buy-share bid fee' }).count()).toBe(0);
    await expect
      .poll(() =>
        otherForm.getByLabel('Company').evaluate((input) => input === document.activeElement),
      )
      .toBe(true);
    await second.context.close();
  }, 240_000);
});
