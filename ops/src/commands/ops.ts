import { migrate } from '../db/migrate.ts';
import { ensureDatabase, ensureServices } from '../services/index.ts';
import { log } from '../services/system.ts';
import { seed } from '../seed/index.ts';

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
};

export async function ops(args: string[]): Promise<number> {
  const [name, ...rest] = args;
  const subcommand = name ? subcommands[name] : undefined;
  if (!subcommand) {
    console.log(
      [
        'usage: npm run ops -- <subcommand>',
        ...Object.values(subcommands).map((s) => `  ${s.usage}`),
      ].join('\n'),
    );
    return name ? 2 : 0;
  }
  const services = await ensureServices();
  try {
    await ensureDatabase(services.databaseUrl);
    return await subcommand.run(rest, services.databaseUrl);
  } finally {
    services.stop();
  }
}
