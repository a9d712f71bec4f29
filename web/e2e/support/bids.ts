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
  const combobox = form.getByRole('combobox', { name: 'Type' });
  const menu = page.getByRole('listbox');
  // On a loaded machine a click may land while the menu is still growing open and choose
  // nothing, leaving the menu over the form: choose again until the field says the type.
  for (let attempt = 1; ; attempt++) {
    if (!(await menu.isVisible())) await combobox.click();
    await page.getByRole('option', { name: type, exact: true }).click();
    const closed = await menu
      .waitFor({ state: 'hidden', timeout: 5_000 })
      .then(() => true)
      .catch(() => false);
    if (closed && (await combobox.innerText()).trim() === type) return;
    if (attempt === 3) throw new Error(`the bid's type is not ${type} after ${attempt} choices`);
  }
}

/** Waits for 'Bid Posted!' (after a fee's payment that can take a while) and closes it. */
export async function acknowledgeBidPosted(page: Page): Promise<void> {
  const posted = page.getByRole('dialog', { name: MESSAGES.bidPosted });
  await posted.waitFor({ timeout: 45_000 });
  await posted.getByRole('button', { name: 'OK' }).click();
  await posted.waitFor({ state: 'hidden' });
}
