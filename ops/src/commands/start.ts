import { buildWeb } from '../build.ts';
import { migrate } from '../db/migrate.ts';
import { superviseChildren } from '../processes/children.ts';
import { ensureDatabase, ensureServices } from '../services/index.ts';
import { log } from '../services/system.ts';
import { seed } from '../seed/index.ts';
import { SERVICE_NODE_FLAGS } from '../../bin/nodeFlags.mjs';

/**
 * `npm start`: PostgreSQL and Redis, the database, migrations, seed data, the web build, then the
 * api (with the web app), the worker and the projections until Ctrl-C, which stops all of it. A
 * process that crashes is started again (`superviseChildren`); one that keeps crashing stops it all.
 */
export async function start(): Promise<number> {
  const services = await ensureServices();
  await ensureDatabase(services.databaseUrl);
  const applied = await migrate(services.databaseUrl);
  log(
    applied.length ? `applied migrations: ${applied.join(', ')}` : 'database schema is up to date',
  );
  await seed(services.databaseUrl);
  buildWeb();

  const port = process.env.PORT ?? '3000';
  const env = {
    DATABASE_URL: services.databaseUrl,
    REDIS_URL: services.redisUrl,
    PORT: port,
    // Children write to a pipe; keep their logs readable when a person is watching.
    LOG_PRETTY: process.stdout.isTTY ? 'true' : '',
  };
  // The processes that serve run with the V8 flags chosen for them; the sandbox with Node's own.
  const serving = (name: string, entry: string) => ({
    name,
    entry,
    env,
    nodeFlags: SERVICE_NODE_FLAGS,
  });
  const supervised = superviseChildren([
    serving('api', 'api/src/main.ts'),
    serving('worker', 'ops/src/processes/worker.ts'),
    serving('projections', 'ops/src/processes/projections.ts'),
    { name: 'sandbox', entry: 'ops/src/processes/sandbox.ts', env },
  ]);
  log(`Boli is starting on http://localhost:${port} — Ctrl-C stops it`);

  let stopping = false;
  const stopAll = async (reason: string) => {
    if (stopping) return;
    stopping = true;
    log(`stopping (${reason})…`);
    await supervised.stop();
    services.stop();
  };
  // `on`, not `once`: Ctrl-C reaches us twice (from the terminal and forwarded by ops/bin/boli.mjs),
  // and a second signal with no listener would kill us before the servers are stopped.
  const signalled = new Promise<string>((resolve) => {
    process.on('SIGINT', () => resolve('Ctrl-C'));
    process.on('SIGTERM', () => resolve('SIGTERM'));
  });
  const crashing = supervised.givenUp.then((name) => `${name} kept crashing`);
  const reason = await Promise.race([signalled, crashing]);
  await stopAll(reason);
  return reason.endsWith('crashing') ? 1 : 0;
}
