import { Router, type RouterOptions } from '@koa/router';

/**
 * Every router of the api and its sandboxes: paths are matched as written. @koa/router matches a
 * route whatever the case of its path, but a router.use()'s prefix only as written, so
 * /api/Audit/payments reached the audit routes past the guard that router.use() put on
 * /api/audit. Case-sensitive, a path in other capitals is no route (404).
 */
export const createRouter = (options: Omit<RouterOptions, 'sensitive'> = {}): Router =>
  new Router({ ...options, sensitive: true });
