import { randomUUID } from 'node:crypto';
import knex, { type Knex } from 'knex';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountStream, type AccountEvent } from '@boli/engine/accounts/account.events';
import type { EventStore } from '@boli/engine/eventStore/eventStore';
import { createPostgresEventStore } from '@boli/engine/eventStore/postgres/postgresEventStore';
import type { MessageSender, OutboundMessage } from '@boli/api/messaging/port';
import { createTestDatabase, type TestDatabase } from '../../../ops/src/testing/database.ts';
import { sweepOutbox, MAX_ATTEMPTS } from '../../../ops/src/jobs/outboxDelivery.ts';
import { catchUp } from '../runtime/testing/catchUp.ts';
import { tableHash } from '../runtime/testing/adBids.ts';
import { outboxProjection } from './outbox.projection.ts';

let database: TestDatabase;
let db: Knex;
let store: EventStore;

const NOW = new Date('2026-11-22T10:00:00.000Z');
const later = (minutes: number) => new Date(NOW.getTime() + minutes * 60_000);

/** A sender that records what it was given; `failures` makes the first n sends fail. */
function recordingSender(options: { failures?: number; delayMs?: number } = {}) {
  const sent: OutboundMessage[] = [];
  let failures = options.failures ?? 0;
  const sender: MessageSender = {
    async send(message) {
      if (options.delayMs) await new Promise((resolve) => setTimeout(resolve, options.delayMs));
      if (failures > 0) {
        failures--;
        throw new Error('gateway down');
      }
      sent.push(message);
      return { providerId: `p-${message.id}` };
    },
  };
  return { sender, sent };
}

async function append(userId: string, event: AccountEvent, secret?: string, expiresAt = later(10)) {
  const eventId = randomUUID();
  if (secret !== undefined) {
    await db('message_secrets').insert({ event_id: eventId, secret, expires_at: expiresAt });
  }
  await store.append(
    accountStream(userId),
    [{ ...event, metadata: { eventId, now: NOW.toISOString() } }],
    'any',
  );
  return eventId;
}

const registered = (userId: string, email: string): AccountEvent => ({
  type: 'AccountRegistered',
  data: {
    userId,
    username: `u${userId.slice(0, 8)}`,
    email,
    phone: '9876543210',
    phoneCode: '+91',
    firstname: 'Asha',
    lastname: 'Rao',
    bidAlias: 'zz-alias',
    gender: 'Female',
    dob: '1995-08-15',
    country: 'India',
    passwordHash: 'hash',
    registeredAt: NOW.toISOString(),
  },
});

const otpIssued = (userId: string): AccountEvent => ({
  type: 'OtpIssued',
  data: {
    userId,
    purpose: 'mobileVerification',
    codeHash: 'hmac-of-the-code',
    issuedAt: NOW.toISOString(),
    expiresAt: later(10).toISOString(),
  },
});

const project = (replay = false) =>
  catchUp({ databaseUrl: database.url, store, projection: outboxProjection, replay });

beforeAll(async () => {
  database = await createTestDatabase();
  db = knex({ client: 'pg', connection: database.url, pool: { min: 0, max: 6 } });
  store = createPostgresEventStore({ connectionString: database.url, maxConnections: 4 });
});

afterAll(async () => {
  await store?.close();
  await db?.destroy();
  await database?.drop();
});

describe('the outbox projection', () => {
  it('turns each event that asks for a message into one message, joined with its secret', async () => {
    const userId = randomUUID();
    const verifyId = await append(
      userId,
      registered(userId, 'asha@example.in'),
      'https://boli.example/email-verify/q-token',
    );
    const otpId = await append(userId, otpIssued(userId), '123456');
    const noSecret = await append(userId, otpIssued(userId));
    await project();

    const rows = await db('outbox_messages').whereIn('id', [verifyId, otpId, noSecret]);
    expect(rows).toHaveLength(2);
    const byId = Object.fromEntries(rows.map((row) => [row.id, row]));
    expect(byId[verifyId]).toMatchObject({
      channel: 'email',
      recipient: 'asha@example.in',
      subject: 'Verify your email address',
    });
    expect(byId[verifyId].text).toContain('https://boli.example/email-verify/q-token');
    expect(byId[otpId]).toMatchObject({ channel: 'sms', recipient: '+919876543210' });
    expect(byId[otpId].text).toContain('123456');
  });

  it('changes nothing when the whole log is replayed over it', async () => {
    const before = await tableHash(db, 'outbox_messages', 'id');
    await project(true);
    expect(await tableHash(db, 'outbox_messages', 'id')).toBe(before);
  });
});

describe('delivery', () => {
  it('sends every message once, even with sweeps running side by side', async () => {
    const userId = randomUUID();
    for (let i = 0; i < 12; i++) await append(userId, otpIssued(userId), String(100000 + i));
    await append(userId, registered(userId, 'side@example.in'), 'https://link');
    await project();
    const { sender, sent } = recordingSender({ delayMs: 20 });
    await Promise.all(Array.from({ length: 4 }, () => sweepOutbox(db, sender, NOW)));
    await sweepOutbox(db, sender, later(1));
    const ids = sent.map((message) => message.id);
    expect(new Set(ids).size).toBe(ids.length);
    // Every message so far (both tests' ones) went out exactly once.
    const [row] = await db('outbox_messages').count<{ count: string }[]>('* as count');
    expect(ids).toHaveLength(Number(row?.count));
  });

  it('never sends a message past its expiry', async () => {
    const userId = randomUUID();
    await append(userId, registered(userId, 'late@example.in'), 'https://late', later(-1));
    const otp = await append(userId, otpIssued(userId), '654321', later(5));
    await project();
    const { sender, sent } = recordingSender();
    await sweepOutbox(db, sender, later(6)); // the OTP's 5 minutes are over too
    expect(sent).toEqual([]);
    expect(await db('outbox_deliveries').where({ message_id: otp }).first()).toMatchObject({
      status: 'expired',
    });
  });

  it('retries a failed send with backoff, and gives up after the last attempt', async () => {
    const userId = randomUUID();
    await append(userId, registered(userId, 'flaky@example.in'));
    const flaky = await append(userId, otpIssued(userId), '111222', later(60));
    await project();
    const { sender, sent } = recordingSender({ failures: 1 });
    await sweepOutbox(db, sender, NOW);
    expect(await db('outbox_deliveries').where({ message_id: flaky }).first()).toMatchObject({
      status: 'retry',
      attempts: 1,
    });
    await sweepOutbox(db, sender, later(0.01)); // before the backoff: not yet
    expect(sent).toEqual([]);
    await sweepOutbox(db, sender, later(1));
    expect(sent.map((m) => m.id)).toEqual([flaky]);

    const doomed = await append(userId, otpIssued(userId), '333444', later(60));
    await project();
    const broken = recordingSender({ failures: 100 });
    for (let minute = 2; minute < 2 + MAX_ATTEMPTS + 2; minute++) {
      await sweepOutbox(db, broken.sender, later(minute));
    }
    expect(await db('outbox_deliveries').where({ message_id: doomed }).first()).toMatchObject({
      status: 'failed',
      attempts: MAX_ATTEMPTS,
    });
  });

  it('does not send again what a rebuilt projection recreates', async () => {
    const { sender, sent } = recordingSender();
    await sweepOutbox(db, sender, later(30));
    const settled = sent.length;
    await db('outbox_messages').delete(); // the read model emptied, as by a rebuild…
    await project(true); // …and filled again from the log
    await sweepOutbox(db, sender, later(31));
    expect(sent).toHaveLength(settled);
  });
});
