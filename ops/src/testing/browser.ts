import { existsSync } from 'node:fs';
import { setTimeout as delay } from 'node:timers/promises';
import {
  chromium,
  type Browser,
  type BrowserContext,
  type Locator,
  type Page,
  type Request as BrowserRequest,
} from 'playwright-core';

/**
 * Debian's `chromium-headless-shell`: Chromium's own headless build, from the same sources and
 * version as the `chromium` package, and what Playwright itself runs for headless tests. It draws
 * no browser window behind the page, and the browser tier took half the CPU it took under
 * `/usr/bin/chromium` (whose headless mode is the whole browser), on a machine whose two cores
 * that tier keeps busy. `CHROMIUM_PATH=/usr/bin/chromium` runs the tests in the full browser.
 */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium-headless-shell';

/** The Debian package that installs `CHROMIUM_PATH`, when it names one of Debian's browsers. */
export const CHROMIUM_PACKAGE: string | undefined = (
  {
    '/usr/bin/chromium-headless-shell': 'chromium-headless-shell',
    '/usr/bin/chromium': 'chromium',
  } as Record<string, string>
)[CHROMIUM_PATH];

/** The browsers this test file has open: what a failed test had on screen is read from them. */
const openBrowsers = new Set<Browser>();

/** Debian's headless Chromium (`CHROMIUM_PATH`), with the flags this closed network needs. */
export async function launchBrowser(): Promise<Browser> {
  if (!existsSync(CHROMIUM_PATH)) {
    throw new Error(
      CHROMIUM_PACKAGE
        ? `Chromium not found at ${CHROMIUM_PATH}: npm test installs it (apt-get install ${CHROMIUM_PACKAGE})`
        : `Chromium not found at ${CHROMIUM_PATH} (CHROMIUM_PATH)`,
    );
  }
  const browser = await chromium.launch({
    executablePath: CHROMIUM_PATH,
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--disable-dev-shm-usage',
      // A test's page lives seconds: V8's optimising compilers (Maglev, TurboFan) compile in
      // the background for code the page will not run long enough to gain from. Without them a
      // page load took ~18% less of Chromium's CPU (0.40-0.47 s against 0.49-0.63 s, alternated).
      '--js-flags=--no-opt --no-maglev',
    ],
  });
  openBrowsers.add(browser);
  browser.on('disconnected', () => openBrowsers.delete(browser));
  return browser;
}

/** Every browser context open now, in each browser this test file launched. */
export const openContexts = (): BrowserContext[] =>
  [...openBrowsers].flatMap((browser) => browser.contexts());

/**
 * Closes the contexts, and so the pages, opened since `before` was taken (`openContexts()`). An
 * open page goes on working after its test: its list refreshes, countdowns and live link, and
 * Chromium drawing them. Left open till their file's end, pages took ~8% more of Chromium's CPU
 * (social and adspace, alternated), on two cores the browser tier keeps ~89% busy.
 */
export async function closeContextsOpenedSince(before: ReadonlySet<BrowserContext>): Promise<void> {
  const opened = openContexts().filter((context) => !before.has(context));
  await Promise.all(opened.map((context) => context.close().catch(() => undefined)));
}

/** How long reading one page may take: a page that hangs must not hang the report of it. */
const PAGE_READ_MS = 3_000;
/** The page text kept per page: enough to see its messages and lists. */
const PAGE_TEXT_CHARS = 1_500;
/**
 * What a page said, in full whatever its length: a verdict or error far down a long page is cut
 * from its text, and a screen reader's status is not in it at all.
 */
const MESSAGES_SHOWN = '[role="alert"], [role="status"]';

/**
 * What each open page shows (its address, text and messages, and a screenshot saved as
 * `${screenshotStem}-<n>.png`): added to a failed browser test's error, so that a failure seen
 * only in CI says what the screen held when the wait ran out.
 */
export async function describeOpenPages(screenshotStem: string): Promise<string> {
  const pages = openContexts().flatMap((context) => context.pages());
  const described = await Promise.all(
    pages.map(async (page, i) => {
      const screenshot = `${screenshotStem}-${i + 1}.png`;
      const [text, said] = await Promise.all([
        withinMs(page.locator('body').innerText(), PAGE_READ_MS),
        withinMs(page.locator(MESSAGES_SHOWN).allTextContents(), PAGE_READ_MS),
        withinMs(page.screenshot({ path: screenshot, fullPage: true }), PAGE_READ_MS),
      ]);
      const shown = (text ?? '(unreadable)').replace(/\s+/g, ' ').slice(0, PAGE_TEXT_CHARS);
      const messages = [...new Set((said ?? []).map((line) => line.trim()).filter(Boolean))];
      const saying =
        messages.length > 0 ? `\nits alerts and statuses: ${messages.join(' | ')}` : '';
      return `page ${i + 1} at ${page.url()} (${screenshot}):\n${shown}${saying}`;
    }),
  );
  return described.join('\n\n');
}

/** `promise`'s value, or undefined if it fails or takes longer than `ms`. */
function withinMs<T>(promise: Promise<T>, ms: number): Promise<T | undefined> {
  return Promise.race([
    promise.catch(() => undefined),
    new Promise<undefined>((resolve) => setTimeout(() => resolve(undefined), ms)),
  ]);
}

/**
 * Sends an input that may end the frame it lands in (a click on the checkout's Close, which
 * removes its iframe; a key that moves the focus into a frame while that frame changes process),
 * waits for what the input should do, and gives Chromium's acknowledgement of the input itself
 * only a grace period. Such an input may never be acknowledged: awaiting it hung tests until
 * their timeout in CI, although the input had done its work.
 */
export async function inputThenAwait(
  input: () => Promise<unknown>,
  effect: () => Promise<unknown>,
  graceMs = 2_000,
): Promise<void> {
  const sent = input().catch(() => undefined);
  await effect();
  await Promise.race([sent, new Promise((resolve) => setTimeout(resolve, graceMs))]);
}

/** How soon a heard click shows its effect (a request sent, a frame gone): at once, in fact. */
const HEARD_MS = 10_000;
/** Clicks that went unheard before the test gives up on the browser. */
const UNHEARD_CLICKS = 3;

/**
 * Clicks `button` and makes sure the click was heard: `heard()` resolves once its effect is seen
 * (asked once, before the first click, so the effect of any of the clicks counts). Made for the
 * sandbox checkout, another site's page (localhost beside 127.0.0.1, as Razorpay's is beside a
 * shop's), which Chromium runs in a process of its own: a click sent as that frame appears can be
 * routed to the page around it and lost (microsoft/playwright#28023), Playwright reporting it
 * done. A click with no effect is made again (with a warning), at most three times; so it suits
 * buttons a second click cannot act twice through: Pay and Fail this payment send /checkout/pay
 * at once and stay disabled until it is answered, and Close has nothing left to close. Once the
 * effect is seen, the click's own acknowledgement is not awaited: one that removes its frame may
 * never have it (inputThenAwait).
 */
export async function clickUntilHeard(
  button: Locator,
  heard: () => Promise<unknown>,
  what: string,
): Promise<void> {
  const seen = heard().then(() => true as const);
  for (let click = 1; ; click += 1) {
    const clicked = button.click();
    clicked.catch(() => undefined);
    const unheard = clicked.then(() => delay(HEARD_MS)).then(() => false as const);
    if (await Promise.race([seen, unheard])) return;
    if (click === UNHEARD_CLICKS) throw new Error(`${what}, clicked ${click} times, did nothing`);
    console.warn(`[e2e] ${what} was clicked but not heard; clicking it again`);
  }
}

/** Resolves once `page` (or one of its frames) sends a request to `path`. */
export const requestTo = (page: Page, path: string): Promise<void> =>
  new Promise((resolve) => {
    const onRequest = (request: BrowserRequest) => {
      if (new URL(request.url()).pathname !== path) return;
      page.off('request', onRequest);
      resolve();
    };
    page.on('request', onRequest);
  });
