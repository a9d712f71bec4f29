import { ensureServices } from '../services/index.ts';
import { log } from '../services/system.ts';

/**
 * `npm run services -- up`: start (or find) PostgreSQL and Redis and leave them running.
 * `npm run services -- down`: stop the project's local servers.
 */
export async function services(args: string[]): Promise<number> {
  const [action = 'up'] = args;
  const found = await ensureServices();
  if (action === 'down') {
    found.stopAll();
    return 0;
  }
  log(`DATABASE_URL=${found.databaseUrl}`);
  log(`REDIS_URL=${found.redisUrl}`);
  return 0;
}
