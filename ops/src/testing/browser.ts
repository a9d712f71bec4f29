import { existsSync } from 'node:fs';
import { chromium, type Browser } from 'playwright-core';

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/** Debian's Chromium, headless, with the flags this closed network needs. */
export async function launchBrowser(): Promise<Browser> {
  if (!existsSync(CHROMIUM_PATH)) {
    throw new Error(
      `Chromium not found at ${CHROMIUM_PATH}: npm test installs it (apt-get install chromium)`,
    );
  }
  return chromium.launch({
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
    ],
  });
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
