import knex, { type Knex } from 'knex';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiKit, eventually, type ApiKit, type TestMember } from '../../testing/apiKit.ts';
import { startApp, type TestApp } from '../../testing/app.ts';
import { makeDemoPayments, type DemoPayers } from './demoPayments.ts';

/*
 * The demo's payments through the running app and its sandbox gateway: what the auditor finds on
 * a fresh `npm start`, and nothing more on the next.
 */

type LedgerEntry = { purchaseId: string; status: string; buyer: { userId: string } };

let app: TestApp;
let kit: ApiKit;
let db: Knex;
let auditor: TestMember;
const payers: DemoPayers = {
  paid: ['demo_pay_ka', 'demo_pay_mh'],
  twice: 'demo_pay_twice',
  failed: 'demo_pay_fail',
};

beforeAll(async () => {
  app = await startApp();
  kit = apiKit(app);
  db = knex({ client: 'pg', connection: app.databaseUrl, pool: { min: 0, max: 2 } });
  auditor = await kit.member('demo_auditor', { roles: ['member', 'auditor'] });
  await kit.member('demo_pay_ka', { state: 'Karnataka' });
  await kit.member('demo_pay_mh', { state: 'Maharashtra' });
  await kit.member('demo_pay_twice');
  await kit.member('demo_pay_fail');
}, 180_000);

afterAll(async () => {
  await db?.destroy();
  await kit?.close();
  await app?.stop();
});

const ledger = async (): Promise<LedgerEntry[]> => {
  const { body } = await kit.api('/api/audit/payments', { token: auditor.token });
  return (body.data as { payments: LedgerEntry[] }).payments;
};

describe('the demo payments', () => {
  it('are made through the app once: paid, refunded as bought twice, and failed', async () => {
    const options = {
      db,
      baseUrl: app.baseUrl,
      gatewayUrl: app.config.RAZORPAY_API_URL,
      jwtSecret: app.config.JWT_SECRET,
      payers,
    };
    const result = await makeDemoPayments(options);
    expect(result).toMatchObject({ made: true, failed: 1 });
    if (!result.made) return;
    expect(result.paid).toBe(3 + result.refunded);
    const entries = await eventually(
      async () => {
        const all = await ledger();
        const counts = (status: string) => all.filter((entry) => entry.status === status).length;
        return counts('failed') === 1 && counts('refunded') === result.refunded ? all : null;
      },
      { what: 'the demo payments reach the ledger', timeoutMs: 30_000 },
    );
    expect(entries.filter((entry) => entry.status === 'captured')).toHaveLength(3);
    // Each paid one has its invoice.
    await eventually(
      async () =>
        (await db('purchases').whereNotNull('invoice_number').count<{ count: string }[]>())[0]!
          .count === String(result.paid),
      { what: 'each paid purchase is invoiced', timeoutMs: 30_000 },
    );

    // The next start finds the gateway's orders and makes none.
    expect(await makeDemoPayments(options)).toEqual({
      made: false,
      why: 'the sandbox gateway has orders already',
    });
    expect(await ledger()).toHaveLength(entries.length);
  }, 120_000);
});
