import knex from 'knex';
import { createPostgresEventStore } from '@boli/engine/eventStore/postgres/postgresEventStore';
import { allProjections } from '@boli/projections/registry';
import { projectionStatus, rebuild, type RuntimeLogger } from '@boli/projections';
import { migrate } from '../db/migrate.ts';
import { ensureDatabase, ensureServices } from '../services/index.ts';
import { log } from '../services/system.ts';
import { helpAnswer, isHelp, usageRefusal, wordProblem } from './usage.ts';

const usage = 'usage: npm run projections -- status | rebuild <name>';

const eventCount = (n: number) => `${n.toLocaleString('en-IN')} event${n === 1 ? '' : 's'}`;

const cliLogger: RuntimeLogger = {
  info: (details, message) => log(`${message ?? ''} ${JSON.stringify(details)}`),
  warn: (details, message) => log(`warning: ${message ?? ''} ${JSON.stringify(details)}`),
  error: (details, message) =>
    log(`error: ${message ?? ''} ${String((details as { err?: unknown }).err ?? '')}`),
};

/**
 * `status`: every projection build with its checkpoint and lag (exit 1 if one is failing).
 * `rebuild <name>`: builds the projection again from the start of the log beside the live one and
 * swaps it in; returns once the new build is live.
 */
export async function projections(args: string[]): Promise<number> {
  const [action, name] = args;
  if (isHelp(action) || isHelp(name)) return helpAnswer(usage);
  if (action !== 'status' && action !== 'rebuild') {
    return usageRefusal(wordProblem('action', action), usage);
  }
  const projection = name === undefined ? undefined : allProjections.find((p) => p.name === name);
  if (action === 'rebuild' && !projection) {
    const known = allProjections.map((p) => p.name).join(', ') || '(none registered)';
    return usageRefusal(
      name === undefined ? 'rebuild needs a read model' : `no projection named ${name}`,
      `${usage}\nread models: ${known}`,
    );
  }
  const extra = args[action === 'status' ? 1 : 2];
  if (extra !== undefined) return usageRefusal(`unexpected '${extra}'`, usage);

  const services = await ensureServices();
  // Same as the other entry points: the database and its schema exist before anything reads it.
  await ensureDatabase(services.databaseUrl);
  await migrate(services.databaseUrl);
  const store = createPostgresEventStore({
    connectionString: services.databaseUrl,
    maxConnections: 4,
  });
  try {
    if (action === 'rebuild') {
      const build = await rebuild({
        databaseUrl: services.databaseUrl,
        store,
        projection: projection!,
        logger: cliLogger,
        onProgress: (building) =>
          log(
            building.eventsHandled === 0
              ? `${building.name}: reading the log from its start`
              : `${building.name}: ${eventCount(building.eventsHandled)} read` +
                  (building.lastEventRecordedAt
                    ? `, up to those of ${building.lastEventRecordedAt.toISOString()}`
                    : ''),
          ),
      });
      log(
        `${build.name} v${build.version} build ${build.build} is live, ${eventCount(build.eventsHandled)} read (${JSON.stringify(build.tables)})`,
      );
      return 0;
    }
    const db = knex({ client: 'pg', connection: services.databaseUrl, pool: { min: 0, max: 2 } });
    try {
      const statuses = await projectionStatus(db, store);
      if (statuses.length === 0) log('no projection has run yet');
      for (const s of statuses) {
        const behind = `${s.eventsBehind}${s.eventsBehindIsLowerBound ? '+' : ''} events / ${s.lagMs} ms behind`;
        log(`${s.name} v${s.version} build ${s.build} ${s.status} at ${s.checkpoint}: ${behind}`);
        if (s.lastError) log(`  last error: ${s.lastError.split('\n')[0]}`);
      }
      return statuses.some((s) => s.lastError) ? 1 : 0;
    } finally {
      await db.destroy();
    }
  } finally {
    await store.close();
    services.stop();
  }
}
