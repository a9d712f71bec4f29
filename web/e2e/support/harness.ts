import { afterAll, beforeAll } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser } from '../../../ops/src/testing/browser.ts';
import { startApp, type TestApp } from '../../../ops/src/testing/app.ts';

/**
 * The whole app (api, read models, job workers, sandboxes) and Chromium, started before a file's
 * tests and stopped after them; `started` hands them to the file. A file's own afterAll,
 * registered after this, runs before both are stopped.
 */
export function withAppAndBrowser(
  started: (running: { app: TestApp; browser: Browser }) => void,
  timeout?: number,
): void {
  let app: TestApp | undefined;
  let browser: Browser | undefined;
  beforeAll(async () => {
    [app, browser] = await Promise.all([startApp(), launchBrowser()]);
    started({ app, browser });
  }, timeout);
  afterAll(async () => {
    await browser?.close();
    await app?.stop();
  });
}

/** A phone's screen: the width most members bid from. */
export const PHONE = { width: 390, height: 844 } as const;

/** A phone as its owner holds it: its screen, a touch screen, and taps rather than clicks. */
export const TOUCH_PHONE = { ...PHONE, touch: true } as const;

/**
 * How many lines an element's text takes on the screen (the distinct tops of its text's boxes):
 * `locator.evaluate(textLinesOf)`. With `firstChildOnly`, only its first child's, as a cell's own
 * text before the captions under it.
 */
export function textLinesOf(element: Element, firstChildOnly = false): number {
  const text = document.createRange();
  text.selectNodeContents(firstChildOnly && element.firstChild ? element.firstChild : element);
  return new Set([...text.getClientRects()].map((box) => Math.round(box.top))).size;
}

/**
 * How many pixels `page` would scroll sideways at a phone's width (0: none, as it should be), or
 * at `screen`'s, the page then set back to its own size.
 */
export async function sidewaysOverflowOnPhone(
  page: Page,
  screen: { width: number; height: number } = PHONE,
): Promise<number> {
  const own = page.viewportSize();
  await page.setViewportSize(screen);
  try {
    return await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
  } finally {
    if (own) await page.setViewportSize(own);
  }
}

/**
 * Opens `path` of the app in `page` and waits for the shell's banner: the app is up. The banner
 * is looked for among hidden elements too: a page that opens a dialog at once (Post Ad's 'Address
 * Required') hides everything behind it from the accessibility tree, and a wait that polled only
 * after the dialog opened would never see the banner.
 */
export async function openAt(app: TestApp, page: Page, path: string): Promise<void> {
  await page.goto(new URL(path, app.baseUrl).href);
  await page.getByRole('banner', { includeHidden: true }).waitFor();
}

/** A form field by its label; required fields' labels end in ' *'. */
export const fieldByLabel = (page: Page, label: string) =>
  page.getByLabel(new RegExp(`^${label.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(\\s*\\*)?$`));

/**
 * The first POST (or `method`) to `pathname` reaches the api, which applies it, but its answer
 * never comes back (the connection is reset): what a member sees when the network drops at the
 * worst moment. Later requests go through.
 */
export async function loseFirstAnswer(
  page: Page,
  pathname: string,
  method: 'POST' | 'PUT' = 'POST',
): Promise<void> {
  let lose = true;
  await page.route(
    (url) => url.pathname === pathname,
    async (route) => {
      if (route.request().method() !== method || !lose) return route.continue();
      lose = false;
      await route.fetch();
      await route.abort('connectionreset');
    },
  );
}

/** The number of the dialog whose history entry is the current one, 0 for none. */
export const dialogEntry = (page: Page): Promise<number> =>
  page.evaluate(() => (window.history.state as { boliDialog?: number } | null)?.boliDialog ?? 0);

/**
 * Waits till the open dialog has its own history entry (useCloseOnBack adds it a turn after the
 * dialog opens), so that the browser's Back closes the dialog rather than leaving the page.
 * `since`: the entry of a dialog that has just closed (`dialogEntry` before), which lingers until
 * its removal's popstate; the new dialog's entry is numbered after it.
 */
export const dialogOwnsBack = (page: Page, since = 0) =>
  page.waitForFunction(
    (before) =>
      ((window.history.state as { boliDialog?: number } | null)?.boliDialog ?? 0) > before,
    since,
    { polling: 50, timeout: 5_000 },
  );
