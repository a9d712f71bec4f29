import type { FrameLocator, Page } from 'playwright-core';
import { clickUntilHeard, requestTo } from './browser.ts';

/*
 * The sandbox gateway's checkout as a browser test meets it, in the app's tests and in the
 * checkout's own: its frame, and the clicks on it that must be heard (clickUntilHeard).
 */

/** The sandbox gateway's checkout page, in the overlay its checkout.js lays over the page. */
const SANDBOX_CHECKOUT = 'iframe[title="Sandbox checkout"]';

export const sandboxCheckout = (page: Page): FrameLocator => page.frameLocator(SANDBOX_CHECKOUT);

/** Clicks Pay or Fail this payment in the sandbox checkout, again if it went unheard. */
export const clickInCheckout = (page: Page, name: 'Pay' | 'Fail this payment'): Promise<void> =>
  clickUntilHeard(
    sandboxCheckout(page).getByRole('button', { name, exact: true }),
    () => requestTo(page, '/checkout/pay'),
    `${name} in the sandbox checkout`,
  );

/**
 * Clicks the checkout's Close (again if unheard) until its iframe goes. The button is waited for
 * first: a checkout still opening has no iframe yet, which waiting for the iframe to be detached
 * would take for one already closed.
 */
export async function closeSandboxCheckout(page: Page): Promise<void> {
  const close = sandboxCheckout(page).getByRole('button', { name: 'Close checkout' });
  await close.waitFor();
  await clickUntilHeard(
    close,
    () => page.locator(SANDBOX_CHECKOUT).waitFor({ state: 'detached', timeout: 0 }),
    'Close in the sandbox checkout',
  );
}
