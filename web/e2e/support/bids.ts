import type { Locator, Page } from 'playwright-core';
import { MESSAGES } from '@boli/engine/shared/messages';

/** The ad detail page's bid area: its form, its list of bids and the owner's buttons. */
export const bidArea = (page: Page): Locator =>
  page.getByRole('region', { name: 'Bids on this ad' });

/** A bid form's amount and type (ad bids and share bids ask for both the same way). */
export async function fillBidDetails(
  page: Page,
  form: Locator,
  type: 'Open' | 'Hidden',
  amount: string,
): Promise<void> {
  await form.getByLabel('Amount (₹)').fill(amount);
  await form.getByRole('combobox', { name: 'Type' }).click();
  await page.getByRole('option', { name: type, exact: true }).click();
}

/** Waits for 'Bid Posted!' (after a fee's payment that can take a while) and closes it. */
export async function acknowledgeBidPosted(page: Page): Promise<void> {
  const posted = page.getByRole('dialog', { name: MESSAGES.bidPosted });
  await posted.waitFor({ timeout: 45_000 });
  await posted.getByRole('button', { name: 'OK' }).click();
  await posted.waitFor({ state: 'hidden' });
}
