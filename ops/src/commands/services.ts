import { ensureServices, stopLocalServices } from '../services/index.ts';
import { log } from '../services/system.ts';

/**
 * `npm run services -- up`: start (or find) PostgreSQL and Redis and leave them running.
 * `npm run services -- down`: stop the project's local servers.
 */
export async function services(args: string[]): Promise<number> {
  const [action = 'up'] = args;
  if (action === 'down') {
    stopLocalServices();
    return 0;
  }
  const found = await ensureServices();
  log(`DATABASE_URL=${found.databaseUrl}`);
  log(`REDIS_URL=${found.redisUrl}`);
  return 0;
}
