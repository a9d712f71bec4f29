import { migrate } from '../db/migrate.ts';
import { ensureDatabase, ensureServices } from '../services/index.ts';
import { log } from '../services/system.ts';
import { seed } from '../seed/index.ts';
import { seedScaleSubcommand } from './seedScale.ts';
import { setPriceSubcommand } from './setPrice.ts';
import { helpAnswer, isHelp, usageRefusal, wordProblem } from './usage.ts';

type Subcommand = { usage: string; run(args: string[], databaseUrl: string): Promise<number> };

/** `npm run ops -- <subcommand>`: operator tasks. Capabilities add theirs here. */
export const subcommands: Record<string, Subcommand> = {
  migrate: {
    usage: 'migrate — apply every pending migration',
    async run(_args, databaseUrl) {
      const applied = await migrate(databaseUrl);
      log(applied.length ? `applied: ${applied.join(', ')}` : 'nothing to apply');
      return 0;
    },
  },
  seed: {
    usage: 'seed — load reference and demo data (idempotent)',
    async run(_args, databaseUrl) {
      await seed(databaseUrl);
      return 0;
    },
  },
  'seed-scale': seedScaleSubcommand,
  'set-price': setPriceSubcommand,
  'grant-role': {
    usage: 'grant-role <username> <role> — give a member a role (support, auditor, admin)',
    async run(args, databaseUrl) {
      // Imported here so the other subcommands do not load the accounts context.
      const [{ randomUUID }, { default: knex }, decider, events, limits, handling, stores, users] =
        await Promise.all([
          import('node:crypto'),
          import('knex'),
          import('@boli/engine/accounts/account.decider'),
          import('@boli/engine/accounts/account.events'),
          import('@boli/engine/shared/limits'),
          import('@boli/engine/commandHandling/handleCommand'),
          import('@boli/api/eventStoreFactory'),
          import('@boli/projections/users/users.queries'),
        ]);
      const { DomainError } = await import('@boli/engine/shared/decider');
      const [username, role] = args;
      const roles: readonly string[] = limits.ROLES;
      if (!username || !role || args.length !== 2) {
        console.error('usage: npm run ops -- grant-role <username> <role>');
        return 2;
      }
      if (!roles.includes(role)) {
        console.error(`Unknown role '${role}'. Roles: ${roles.join(', ')}.`);
        return 2;
      }
      const db = knex({ client: 'pg', connection: databaseUrl, pool: { min: 0, max: 1 } });
      const store = stores.createEventStore({
        EVENT_STORE: process.env.EVENT_STORE === 'kurrentdb' ? 'kurrentdb' : 'postgres',
        DATABASE_URL: databaseUrl,
        KURRENTDB_URL: process.env.KURRENTDB_URL,
      });
      try {
        const user = await users.findUserByUsername(db, username).catch((error: unknown) => {
          console.error(
            `Cannot read the users read model (has the projections process run?): ${(error as Error).message}`,
          );
          return null;
        });
        if (user === null) return 1;
        if (!user) {
          console.error(`No member is called '${username}'.`);
          return 1;
        }
        const result = await handling.handleCommand({
          store,
          streamId: events.accountStream(user.user_id),
          decider: decider.accountDecider,
          command: {
            type: 'GrantRole',
            data: { role },
            metadata: {
              eventId: randomUUID(),
              now: new Date().toISOString(),
              actor: { userId: `ops:${process.env.USER ?? 'operator'}`, role: 'admin' },
            },
          },
        });
        log(
          result.events.length > 0
            ? `granted ${role} to ${user.username} (${user.user_id})`
            : `${user.username} (${user.user_id}) already has ${role}`,
        );
        return 0;
      } catch (error) {
        if (!(error instanceof DomainError)) throw error;
        console.error(`Refused: ${error.code} ${error.message}`);
        return 1;
      } finally {
        await store.close();
        await db.destroy();
      }
    },
  },
};

export async function ops(args: string[]): Promise<number> {
  const [name, ...rest] = args;
  const subcommand = name === undefined ? undefined : subcommands[name];
  if (!subcommand) {
    const usage = [
      'usage: npm run ops -- <subcommand>',
      ...Object.values(subcommands).map((s) => `  ${s.usage}`),
    ].join('\n');
    return isHelp(name) ? helpAnswer(usage) : usageRefusal(wordProblem('subcommand', name), usage);
  }
  if (isHelp(rest[0])) return helpAnswer(`usage: npm run ops -- ${subcommand.usage}`);
  const services = await ensureServices();
  try {
    await ensureDatabase(services.databaseUrl);
    return await subcommand.run(rest, services.databaseUrl);
  } finally {
    services.stop();
  }
}
