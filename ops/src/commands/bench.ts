import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { benchGroups } from '../../bench/index.ts';
import type { Metric } from '../../bench/types.ts';
import { ensureServices } from '../services/index.ts';
import { log, repoRoot } from '../services/system.ts';
import { helpAnswer, isHelp, usageRefusal } from './usage.ts';

function printTable(group: string, metrics: Record<string, Metric>): void {
  const rows = Object.entries(metrics).map(([name, m]) => [
    name,
    `${round(m.value)} ${m.unit}`,
    m.baseline === undefined ? '' : String(round(m.baseline)),
    m.ratio === undefined ? '' : String(round(m.ratio)),
    m.target,
  ]);
  const header = ['metric', 'value', 'baseline', 'ratio', 'target'];
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)));
  const line = (cells: string[]) => cells.map((c, i) => c.padEnd(widths[i]!)).join('  ');
  console.log(`\n${group}\n${line(header)}\n${widths.map((w) => '-'.repeat(w)).join('  ')}`);
  for (const row of rows) console.log(line(row));
}

const round = (n: number) => Math.round(n * 1000) / 1000;

/** `npm run bench [-- <group>…]`: runs benchmark groups, prints tables, writes bench/results. */
export async function bench(args: string[]): Promise<number> {
  const usage = `usage: npm run bench [-- <group> …]   groups: ${benchGroups.map((g) => g.name).join(', ')}`;
  if (args.some(isHelp)) return helpAnswer(usage);
  const unknown = args.filter((name) => !benchGroups.some((g) => g.name === name));
  if (unknown.length) return usageRefusal(`unknown group(s) ${unknown.join(', ')}`, usage);
  const groups = args.length ? benchGroups.filter((g) => args.includes(g.name)) : benchGroups;
  const services = await ensureServices();
  const outDir = join(repoRoot, 'bench', 'results');
  mkdirSync(outDir, { recursive: true });
  try {
    for (const group of groups) {
      log(`bench ${group.name}…`);
      const metrics = await group.run({
        databaseUrl: services.databaseUrl,
        redisUrl: services.redisUrl,
      });
      printTable(group.name, metrics);
      writeFileSync(join(outDir, `${group.name}.json`), JSON.stringify(metrics, null, 2) + '\n');
    }
  } finally {
    services.stop();
    exitWhenLeftRunning();
  }
  return 0;
}

/** How long the bench may linger once its groups are done and its services stopped. */
const LINGER_MS = 5_000;

/**
 * The results are written and the services stopped, so nothing the bench still holds can matter:
 * if something it left (a timer, a socket) keeps Node alive, say what, for the next person to
 * close, and end the run rather than hang.
 */
function exitWhenLeftRunning(): void {
  setTimeout(() => {
    log(
      `bench: still running ${LINGER_MS / 1000} s after its groups ended, held by ${process
        .getActiveResourcesInfo()
        .filter((kind) => kind !== 'TTYWrap')
        .join(', ')}; exiting`,
    );
    process.exit(process.exitCode ?? 0);
  }, LINGER_MS).unref();
}
