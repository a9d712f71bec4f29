import type { Router } from '@koa/router';
import { createRouter } from '../../http/router.ts';
import { failure, success } from '../../http/envelope.ts';
import { checkHealth, type ProjectionHealth } from './health.ts';
import type { Infrastructure } from '../../infrastructure.ts';

export function healthRouter(
  infra: Pick<Infrastructure, 'db' | 'redis'>,
  projectionStatus: () => Promise<ProjectionHealth[]>,
): Router {
  const router = createRouter();
  router.get('/healthz', async (ctx) => {
    const health = await checkHealth({ ...infra, projectionStatus });
    ctx.status = health.ok ? 200 : 503;
    ctx.set('cache-control', 'no-store');
    ctx.body = health.ok
      ? success(health)
      : failure(`Down: ${health.down.join(', ')}`, undefined, health);
  });
  return router;
}
