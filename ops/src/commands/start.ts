import { buildWeb } from '../build.ts';
import { migrate } from '../db/migrate.ts';
import { superviseChildren } from '../processes/children.ts';
import { ensureDatabase, ensureServices } from '../services/index.ts';
import { ensureFfmpeg, log } from '../services/system.ts';
import { seed } from '../seed/index.ts';
import knex from 'knex';
import { apiEnvSchema } from '@boli/api/config';
import { SERVICE_NODE_FLAGS } from '../../bin/nodeFlags.mjs';
import { caughtUp, listening, makeDemoPayments, until } from '../seed/demo/demoPayments.ts';
import { demoDataWanted } from '../seed/demo/seedDemo.ts';

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
  ensureFfmpeg('videos’ poster frames', { optional: true });
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
  // Once serving, a fresh database gets the demo's payments, for the auditor's ledger.
  if (demoDataWanted()) {
    void demoPaymentsWhenServing(services.databaseUrl, env).then(log, (error: unknown) =>
      log(`demo payments not made: ${error instanceof Error ? error.message : String(error)}`),
    );
  }

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

/** The demo's payments (seed/demo/demoPayments.ts), made through the app once it answers. */
async function demoPaymentsWhenServing(
  databaseUrl: string,
  env: Record<string, string>,
): Promise<string> {
  const config = apiEnvSchema.parse({ ...process.env, ...env });
  const baseUrl = `http://127.0.0.1:${config.PORT}`;
  const serving =
    (await until(() => caughtUp(baseUrl), 10 * 60_000)) &&
    (await until(() => listening(config.RAZORPAY_API_URL), 60_000));
  if (!serving) return 'demo payments not made: the app did not catch up in time';
  const db = knex({ client: 'pg', connection: databaseUrl, pool: { min: 0, max: 2 } });
  try {
    const result = await makeDemoPayments({
      db,
      baseUrl,
      gatewayUrl: config.RAZORPAY_API_URL,
      jwtSecret: config.JWT_SECRET,
    });
    return result.made
      ? `demo payments made for the auditor: ${result.paid} paid (${result.refunded} refunded), ${result.failed} failed`
      : `demo payments: none made, ${result.why}`;
  } finally {
    await db.destroy();
  }
}
