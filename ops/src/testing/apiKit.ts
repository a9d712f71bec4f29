import { randomUUID } from 'node:crypto';
import knex, { type Knex } from 'knex';
import { accountStream, type AccountEvent } from '@boli/engine/accounts/account.events';
import { adPosted } from '@boli/engine/ads/ad.fixtures';
import { adStream } from '@boli/engine/ads/ad.events';
import type { EventStore, GlobalPosition } from '@boli/engine/eventStore/eventStore';
import { createPostgresEventStore } from '@boli/engine/eventStore/postgres/postgresEventStore';
import { SessionService } from '@boli/api/identity/sessions';
import { waitForProjections } from '@boli/projections';
import type { TestApp } from './app.ts';

/*
 * What an api integration test needs around a running app (startApp): members and ads written
 * straight into their streams, signed-in sessions, read-your-writes waits and a small HTTP client
 * speaking the spec's envelope.
 */

export type Body = { data: unknown; error: boolean; msg: string; [key: string]: unknown };
export type TestMember = { userId: string; username: string; token: string };

export type MemberOptions = {
  /** A 7-day trial (the default) or no entitlement at all. */
  entitled?: boolean;
  /** The profile's state (place of supply for GST); default Karnataka. */
  state?: string;
  roles?: string[];
};

const now = () => new Date().toISOString();
const inMinutes = (minutes: number) => new Date(Date.now() + minutes * 60_000).toISOString();

export type ApiKit = {
  db: Knex;
  store: EventStore;
  member(username: string, options?: MemberOptions): Promise<TestMember>;
  ad(owner: TestMember): Promise<string>;
  caughtUp(names: readonly string[], position: GlobalPosition): Promise<void>;
  api(
    path: string,
    options?: { json?: unknown; token?: string; headers?: Record<string, string>; method?: string },
  ): Promise<{ status: number; body: Body; headers: Headers }>;
  close(): Promise<void>;
};

export function apiKit(app: TestApp): ApiKit {
  const db = knex({ client: 'pg', connection: app.databaseUrl, pool: { min: 0, max: 4 } });
  const store = createPostgresEventStore({ connectionString: app.databaseUrl });

  /** Waits for the read models to have `position`; on time-out, fails naming each build's state. */
  async function caughtUp(names: readonly string[], position: GlobalPosition): Promise<void> {
    if (await waitForProjections(db, names, position, 30_000)) return;
    const builds = await db('projection_builds').select('name', 'status', 'last_error');
    throw new Error(`read models behind: ${JSON.stringify(builds)}`);
  }

  async function member(username: string, options: MemberOptions = {}): Promise<TestMember> {
    const userId = randomUUID();
    const events: AccountEvent[] = [
      {
        type: 'AccountRegistered',
        data: {
          userId,
          username,
          email: `${username}@example.in`,
          phone: '9812345678',
          phoneCode: '+91',
          firstname: 'Test',
          lastname: 'Member',
          bidAlias: `zq${username.length}xw`,
          gender: 'Female',
          dob: '1995-08-15',
          country: 'India',
          passwordHash: 'not-a-real-hash',
          registeredAt: now(),
        },
      },
      { type: 'EmailVerified', data: { userId, verifiedAt: now() } },
      { type: 'MobileVerified', data: { userId, phone: '9812345678', verifiedAt: now() } },
    ];
    events.push({
      type: 'ProfileEdited',
      data: {
        userId,
        editedAt: now(),
        profile: {
          bnr: '',
          firstname: 'Test',
          lastname: 'Member',
          bidAlias: `zq${username.length}xw`,
          houseno: '12',
          street: 'Lake Road',
          city: 'Mysuru',
          neighbourHood: '',
          district: '',
          state: options.state ?? 'Karnataka',
          country: 'India',
          pincode: '570001',
          education: '',
        },
      },
    });
    if (options.entitled ?? true) {
      events.push({
        type: 'TrialStarted',
        data: { userId, startsAt: inMinutes(-1), endsAt: inMinutes(7 * 24 * 60) },
      });
    }
    const { lastPosition } = await store.append(
      accountStream(userId),
      events.map((event) => ({ ...event, metadata: { eventId: randomUUID(), now: now() } })),
      'no-stream',
    );
    await caughtUp(['users', 'entitlements'], lastPosition);
    const session = await new SessionService(db, app.config.JWT_SECRET).issue(
      userId,
      options.roles ?? ['member'],
      new Date(),
    );
    return { userId, username, token: session.token };
  }

  async function ad(owner: TestMember): Promise<string> {
    const adId = randomUUID();
    const posted = adPosted(now());
    const { lastPosition } = await store.append(
      adStream(adId),
      [
        {
          ...posted,
          data: {
            ...posted.data,
            adId,
            uid: `${adId}-x`,
            postedBy: owner.userId,
            postedByUsername: owner.username,
          },
          metadata: { eventId: randomUUID(), now: now() },
        },
      ],
      'no-stream',
    );
    await caughtUp(['bids', 'ads'], lastPosition);
    return adId;
  }

  const api: ApiKit['api'] = async (path, options = {}) => {
    const headers: Record<string, string> = { ...options.headers };
    if (options.json !== undefined) headers['content-type'] = 'application/json';
    if (options.token) headers.authorization = `Bearer ${options.token}`;
    const response = await fetch(`${app.baseUrl}${path}`, {
      method: options.method ?? (options.json === undefined ? 'GET' : 'POST'),
      headers,
      ...(options.json === undefined ? {} : { body: JSON.stringify(options.json) }),
    });
    const type = response.headers.get('content-type') ?? '';
    const body = (
      type.includes('json') ? await response.json() : { data: await response.text() }
    ) as Body;
    return { status: response.status, body, headers: response.headers };
  };

  return {
    db,
    store,
    member,
    ad,
    caughtUp,
    api,
    async close() {
      await store.close();
      await db.destroy();
    },
  };
}
