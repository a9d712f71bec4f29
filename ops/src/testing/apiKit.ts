import { randomUUID } from 'node:crypto';
import knex, { type Knex } from 'knex';
import { io as connect, type Socket } from 'socket.io-client';
import { accountStream, type AccountEvent, type Role } from '@boli/engine/accounts/account.events';
import { memberRegistered } from '@boli/engine/accounts/account.fixtures';
import { adPosted } from '@boli/engine/ads/ad.fixtures';
import { adStream } from '@boli/engine/ads/ad.events';
import type { EventStore, GlobalPosition } from '@boli/engine/eventStore/eventStore';
import { createPostgresEventStore } from '@boli/engine/eventStore/postgres/postgresEventStore';
import { SessionService } from '@boli/api/identity/sessions';
import { connectInfrastructure } from '@boli/api/infrastructure';
import { createLogger } from '@boli/api/logger';
import { LIVE_SOCKET_PATH } from '@boli/engine/shared/routeAccess';
import { startServer } from '@boli/api/server';
import { waitForProjections } from '@boli/projections';
import type { TestApp } from './app.ts';

/*
 * What an api integration test needs around a running app (startApp): members and ads written
 * straight into their streams, signed-in sessions, read-your-writes waits, a small HTTP client
 * speaking the spec's envelope and socket.io clients of the /bid socket.
 */

export type Body = {
  data: unknown;
  error: boolean;
  msg: string;
  /** The fields a validation refusal names (the spec's envelope). */
  errors?: { field: string; message: string }[];
  [key: string]: unknown;
};
export type TestMember = {
  userId: string;
  username: string;
  /** The registered bid alias: each member's own, as an ad takes one alias from one bidder. */
  bidAlias: string;
  token: string;
  refreshToken: string;
};

/** Registered aliases: 'zq', this process's count in the letters j, q, x and z, then 'xw'. */
let aliasesGiven = 0;
const nextBidAlias = (): string => {
  const code = (aliasesGiven++).toString(4).padStart(6, '0');
  return `zq${[...code].map((digit) => 'jqxz'[Number(digit)]).join('')}xw`;
};

export type MemberOptions = {
  /** A 7-day trial (the default) or no entitlement at all. */
  entitled?: boolean;
  /** The profile's state (place of supply for GST); default Karnataka. */
  state?: string;
  /** The session's roles, each but 'member' granted on the account too (default: member). */
  roles?: Role[];
  /** The mobile number (the default is 9812345678). */
  phone?: string;
  firstname?: string;
  lastname?: string;
  /** Email and mobile verified (the default), or neither yet. */
  verified?: boolean;
  /** A profile with an address (the default: Lake Road, Mysuru), or none. */
  address?: boolean;
  /** Blocked by support after signing up. */
  blocked?: boolean;
};

/** Another api process on the app's database and Redis. */
export type SecondApi = { url: string; close(): Promise<void> };

export type ApiOptions = {
  json?: unknown;
  /** A multipart body (uploads); POSTed like `json`. */
  form?: FormData;
  token?: string;
  headers?: Record<string, string>;
  method?: string;
};

const now = () => new Date().toISOString();
const inMinutes = (minutes: number) => new Date(Date.now() + minutes * 60_000).toISOString();

export type ApiKit = {
  db: Knex;
  store: EventStore;
  member(username: string, options?: MemberOptions): Promise<TestMember>;
  ad(owner: TestMember, options?: { uid?: string; itemName?: string }): Promise<string>;
  caughtUp(names: readonly string[], position: GlobalPosition): Promise<void>;
  /**
   * `bidder` bids on `itemId` through POST /api/bid/: an Open bid of ₹1,500 under their own
   * alias, but for the `fields` given (any value, to be refused).
   */
  bid(
    bidder: TestMember,
    itemId: string,
    fields?: { bidamt?: unknown; type?: string; bidAlias?: string },
    headers?: Record<string, string>,
  ): Promise<{ status: number; body: Body; headers: Headers }>;
  api(
    path: string,
    options?: ApiOptions,
  ): Promise<{ status: number; body: Body; headers: Headers }>;
  /**
   * A socket.io client of the /bid socket, connected, signed in with `token` (a guest without);
   * `baseUrl` names another api process. Closed with the kit.
   */
  /** A live socket, as the member of `token` (a guest without), from the page keyed `page`. */
  live(token?: string, baseUrl?: string, page?: string): Promise<Socket>;
  /** A second api process on the app's database and Redis (what several instances share). */
  secondApi(): Promise<SecondApi>;
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
    const { phone = '9812345678', firstname = 'Test', lastname = 'Member' } = options;
    const bidAlias = nextBidAlias();
    const events: AccountEvent[] = [
      memberRegistered(userId, username, now(), { phone, firstname, lastname, bidAlias }),
    ];
    if (options.verified ?? true) {
      events.push(
        { type: 'EmailVerified', data: { userId, verifiedAt: now() } },
        { type: 'MobileVerified', data: { userId, phone, verifiedAt: now() } },
      );
    }
    if (options.address ?? true) {
      events.push({
        type: 'ProfileEdited',
        data: {
          userId,
          editedAt: now(),
          profile: {
            bnr: '',
            firstname,
            lastname,
            bidAlias,
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
    }
    if (options.entitled ?? true) {
      events.push({
        type: 'TrialStarted',
        data: { userId, startsAt: inMinutes(-1), endsAt: inMinutes(7 * 24 * 60) },
      });
    }
    // Granted as `npm run ops -- grant-role` does, so the account (GET /api/user) holds them too.
    for (const role of options.roles ?? []) {
      if (role === 'member') continue;
      events.push({
        type: 'RoleGranted',
        data: { userId, role, grantedBy: 'ops', grantedAt: now() },
      });
    }
    if (options.blocked) {
      events.push({
        type: 'AccountBlocked',
        data: { userId, reason: 'spam', blockedBy: 'u-support', blockedAt: now() },
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
    return {
      userId,
      username,
      bidAlias,
      token: session.token,
      refreshToken: session.refreshToken,
    };
  }

  async function ad(
    owner: TestMember,
    options: { uid?: string; itemName?: string } = {},
  ): Promise<string> {
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
            uid: options.uid ?? `${adId}-x`,
            postedBy: owner.userId,
            postedByUsername: owner.username,
            ...(options.itemName === undefined ? {} : { itemName: options.itemName }),
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
    let payload: string | FormData | undefined = options.form;
    if (options.json !== undefined) {
      headers['content-type'] = 'application/json';
      payload = JSON.stringify(options.json);
    }
    if (options.token) headers.authorization = `Bearer ${options.token}`;
    const response = await fetch(`${app.baseUrl}${path}`, {
      method: options.method ?? (payload === undefined ? 'GET' : 'POST'),
      headers,
      ...(payload === undefined ? {} : { body: payload }),
    });
    const type = response.headers.get('content-type') ?? '';
    const body = (
      type.includes('json') ? await response.json() : { data: await response.text() }
    ) as Body;
    return { status: response.status, body, headers: response.headers };
  };

  const bid: ApiKit['bid'] = (bidder, itemId, fields = {}, headers) =>
    api('/api/bid/', {
      token: bidder.token,
      json: {
        item_id: itemId,
        postedBy: bidder.userId,
        postedByUsername: bidder.username,
        bidAlias: bidder.bidAlias,
        bidamt: 1500,
        type: 'Open',
        ...fields,
      },
      ...(headers ? { headers } : {}),
    });

  const sockets: Socket[] = [];
  async function live(token?: string, baseUrl = app.baseUrl, page?: string): Promise<Socket> {
    const socket = connect(baseUrl, {
      path: LIVE_SOCKET_PATH,
      transports: ['websocket'],
      query: token ? { token } : {},
      ...(page === undefined ? {} : { auth: { page } }),
    });
    sockets.push(socket);
    await new Promise<void>((resolve, reject) => {
      socket.once('connect', () => resolve());
      socket.once('connect_error', reject);
    });
    return socket;
  }

  async function secondApi(): Promise<SecondApi> {
    const infra = connectInfrastructure(app.config, createLogger({ level: 'warn', name: 'api-2' }));
    const server = await startServer(infra, { port: 0, host: '127.0.0.1' });
    return {
      url: server.url,
      async close() {
        await server.close();
        await infra.close();
      },
    };
  }

  return {
    db,
    store,
    member,
    ad,
    caughtUp,
    bid,
    api,
    live,
    secondApi,
    async close() {
      sockets.forEach((socket) => socket.close());
      await store.close();
      await db.destroy();
    },
  };
}

/** Polls `check` until it gives a truthy value; fails naming `what` on time-out. */
export async function eventually<T>(
  check: () => T | null | undefined | false | Promise<T | null | undefined | false>,
  { what = 'the condition held', timeoutMs = 15_000 }: { what?: string; timeoutMs?: number } = {},
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting until ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
