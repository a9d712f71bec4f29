import { ensureServices, stopLocalServices } from '../services/index.ts';
import { log } from '../services/system.ts';
import { helpAnswer, isHelp, usageRefusal, wordProblem } from './usage.ts';

const usage = 'usage: npm run services -- up | down';

/**
 * `npm run services -- up`: start (or find) PostgreSQL and Redis and leave them running.
 * `npm run services -- down`: stop the project's local servers.
 */
export async function services(args: string[]): Promise<number> {
  const [action] = args;
  if (isHelp(action)) return helpAnswer(usage);
  // Only the two words: a mistyped "down" must not start (or install) the servers.
  if (action !== 'up' && action !== 'down')
    return usageRefusal(wordProblem('action', action), usage);
  if (args.length > 1) return usageRefusal(`unexpected '${args[1]}'`, usage);
  if (action === 'down') {
    stopLocalServices();
    return 0;
  }
  const found = await ensureServices();
  log(`DATABASE_URL=${found.databaseUrl}`);
  log(`REDIS_URL=${found.redisUrl}`);
  return 0;
}
