import pg from 'pg';
import type { BuildKey } from './builds.ts';

/**
 * A session advisory lock held on a connection of its own, so that it lives exactly as long as
 * that connection: if the process dies, PostgreSQL releases it and another runner takes over.
 */
export type HeldLock = {
  /** False once the connection broke: the lock may be someone else's now. */
  readonly held: () => boolean;
  release(): Promise<void>;
};

const LOCK_SPACE = 'boli.projection.run';

export async function tryLockBuild(
  databaseUrl: string,
  key: BuildKey,
): Promise<HeldLock | undefined> {
  const client = new pg.Client({
    connectionString: databaseUrl,
    application_name: `projection ${key.name}`,
  });
  let held = true;
  client.on('error', () => {
    held = false;
  });
  client.on('end', () => {
    held = false;
  });
  await client.connect();
  try {
    const { rows } = await client.query<{ locked: boolean }>(
      'SELECT pg_try_advisory_lock(hashtext($1), hashtext($2)) AS locked',
      [LOCK_SPACE, `${key.name}:${key.version}:${key.build}`],
    );
    if (rows[0]?.locked) {
      return {
        held: () => held,
        release: async () => {
          held = false;
          await client.end().catch(() => {}); // ending the session releases the lock
        },
      };
    }
  } catch (error) {
    await client.end().catch(() => {});
    throw error;
  }
  await client.end().catch(() => {});
  return undefined;
}
