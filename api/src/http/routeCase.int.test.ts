import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApp, type TestApp } from '../../../ops/src/testing/app.ts';
import { apiKit, type ApiKit, type TestMember } from '../../../ops/src/testing/apiKit.ts';

/*
 * A path is matched as written. @koa/router matched routes whatever the case of their path, yet a
 * router.use()'s prefix only as written: /api/Audit/payments reached the audit routes without the
 * guard of /api/audit, and gave a guest the whole ledger.
 */

let app: TestApp;
let kit: ApiKit;
let member: TestMember;

beforeAll(async () => {
  app = await startApp();
  kit = apiKit(app);
  member = await kit.member('case_probe');
}, 180_000);

afterAll(async () => {
  await kit?.close();
  await app?.stop();
});

const STAFF_PATHS = [
  '/api/Audit/payments?from=2026-01-01&to=2026-12-31',
  '/api/AUDIT/payments.csv',
  '/api/Audit/invoices/check',
  '/api/Support/ads?key=x',
  '/api/Support/ads/some-ad/history',
  '/api/support/Ads?key=x',
];

describe('a path written in other capitals', () => {
  it('reaches no staff route, for a guest or a member', async () => {
    for (const path of STAFF_PATHS) {
      for (const token of [undefined, member.token]) {
        const { status } = await kit.api(path, token ? { token } : {});
        expect({ path, status }).toEqual({ path, status: 404 });
      }
    }
  });

  it('is not a route at all, while the path as written still is', async () => {
    expect((await kit.api('/api/GlobalAds')).status).toBe(404);
    expect((await kit.api('/api/audit/payments')).status).toBe(401);
    expect((await kit.api('/api/globalAds')).status).toBe(200);
  });
});
