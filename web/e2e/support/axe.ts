import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';

/*
 * axe-core's checks of WCAG 2.0 and 2.1, levels A and AA, run in the page: what a screen reader,
 * a keyboard or low vision would meet there that a machine can find (names, roles, contrast,
 * labels, ids referred to). Not all of WCAG: focus order and what live regions say are tested by
 * the screens' own tests.
 */

const AXE_SCRIPT = createRequire(import.meta.url).resolve('axe-core/axe.min.js');

const WCAG_A_AA = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

type AxeViolation = { id: string; impact: string | null; nodes: { target: string[] }[] };
type Axe = {
  run: (
    context: Element,
    options: { runOnly: { type: 'tag'; values: string[] } },
  ) => Promise<{ violations: AxeViolation[] }>;
};

/**
 * The page's violations as it is now, one line each ('color-contrast (serious): td > a, …'),
 * within `scope` (a CSS selector; the whole document by default): [] when axe finds none.
 */
export async function accessibilityViolations(page: Page, scope = 'html'): Promise<string[]> {
  await page.addScriptTag({ path: AXE_SCRIPT });
  const violations = await page.evaluate(
    async ({ selector, tags }) => {
      const { axe } = window as unknown as { axe: Axe };
      const found = await axe.run(document.querySelector(selector)!, {
        runOnly: { type: 'tag', values: tags },
      });
      return found.violations.map(({ id, impact, nodes }) => ({
        id,
        impact,
        targets: nodes.map((node) => node.target.join(' ')),
      }));
    },
    { selector: scope, tags: WCAG_A_AA },
  );
  return violations.map(
    ({ id, impact, targets }) => `${id} (${impact ?? 'unrated'}): ${targets.join(', ')}`,
  );
}
