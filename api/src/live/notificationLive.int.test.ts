import { randomUUID } from 'node:crypto';
import knex, { type Knex } from 'knex';
import { io as connect, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountStream, type AccountEvent } from '@boli/engine/accounts/account.events';
import type { EventStore } from '@boli/engine/eventStore/eventStore';
import { createPostgresEventStore } from '@boli/engine/eventStore/postgres/postgresEventStore';
import { MESSAGES } from '@boli/engine/shared/messages';
import { waitForProjections } from '@boli/projections';
import type { Notification } from '@boli/projections/social/notifications.queries';
import { startApp, type TestApp } from '../../../ops/src/testing/app.ts';
import { SessionService } from '../identity/sessions.ts';
import { connectInfrastructure } from '../infrastructure.ts';
import { createLogger } from '../logger.ts';
import { SOCKET_PATH, startServer, type RunningServer } from '../server.ts';
import {
  LOAD_NOTIFICATIONS,
  NOTIFICATION_SOCKET_EVENT,
  type NotificationsLoaded,
} from './notificationLive.ts';

/*
 * Notifications pushed over the /bid socket to the member they are for, once the notifications
 * read model has them (docs/api/social.md): a mobile-number request reaches its owner, the
 * answer reaches the requester, and a reconnecting client loads what it missed.
 */

type Member = { userId: string; username: string; token: string };

let app: TestApp;
let db: Knex;
let store: EventStore;

const T0 = '2026-03-01T10:00:00.000Z';

async function member(username: string): Promise<Member> {
  const userId = randomUUID();
  const events: AccountEvent[] = [
    {
      type: 'AccountRegistered',
      data: {
        userId,
        username,
        email: `${username}@example.in`,
        phone: '9876543210',
        phoneCode: '+91',
        firstname: username,
        lastname: 'K',
        bidAlias: 'zz-xq-alias',
        gender: 'Female',
        dob: '1995-08-15',
        country: 'India',
        passwordHash: 'not-a-real-hash',
        registeredAt: T0,
      },
    },
    { type: 'EmailVerified', data: { userId, verifiedAt: T0 } },
    { type: 'MobileVerified', data: { userId, phone: '9876543210', verifiedAt: T0 } },
  ];
  const { lastPosition } = await store.append(
    accountStream(userId),
    events.map((event) => ({ ...event, metadata: { eventId: randomUUID(), now: T0 } })),
    'no-stream',
  );
  expect(await waitForProjections(db, ['users'], lastPosition, 60_000)).toBe(true);
  const session = await new SessionService(db, app.config.JWT_SECRET).issue(
    userId,
    ['member'],
    new Date(),
  );
  return { userId, username, token: session.token };
}

async function api(
  path: string,
  { method, json, token }: { method?: string; json?: unknown; token: string },
) {
  const response = await fetch(`${app.baseUrl}${path}`, {
    method: method ?? 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify(json),
  });
  return (await response.json()) as { data: Record<string, unknown>; msg: string };
}

const sockets: Socket[] = [];

async function live(token?: string, baseUrl = app.baseUrl): Promise<Socket> {
  const socket = connect(baseUrl, {
    path: SOCKET_PATH,
    transports: ['websocket'],
    query: token ? { token } : {},
  });
  sockets.push(socket);
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', () => resolve());
    socket.once('connect_error', reject);
  });
  return socket;
}

/** Every notification the socket is pushed, in order. */
function collect(socket: Socket): Notification[] {
  const received: Notification[] = [];
  socket.on(NOTIFICATION_SOCKET_EVENT, (note: Notification) => received.push(note));
  return received;
}

async function until<T>(check: () => T | undefined, ms = 15_000): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const found = check();
    if (found !== undefined) return found;
    if (Date.now() > deadline) throw new Error('nothing arrived in time');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

const load = (socket: Socket, since?: string) =>
  socket.emitWithAck(LOAD_NOTIFICATIONS, since === undefined ? {} : { since }) as Promise<
    NotificationsLoaded & { error?: string }
  >;

let asha: Member;
let bala: Member;

beforeAll(async () => {
  app = await startApp();
  db = knex({ client: 'pg', connection: app.databaseUrl, pool: { min: 0, max: 4 } });
  store = createPostgresEventStore({ connectionString: app.databaseUrl });
  [asha, bala] = await Promise.all([member('asha_live'), member('bala_live')]);
}, 180_000);

afterAll(async () => {
  sockets.forEach((socket) => socket.close());
  await store?.close();
  await db?.destroy();
  await app?.stop();
});

describe('live notifications on /bid', () => {
  it('pushes the request to the member asked, and the answer to the one who asked', async () => {
    const [ashaSocket, balaSocket, guestSocket] = await Promise.all([
      live(asha.token),
      live(bala.token),
      live(),
    ]);
    const toAsha = collect(ashaSocket);
    const toBala = collect(balaSocket);
    const toGuest = collect(guestSocket);

    const asked = await api('/api/request', {
      token: asha.token,
      json: { requestedTo: bala.userId },
    });
    const requestId = asked.data.requestId as string;
    const request = await until(() => toBala.find((note) => note.kind === 'mobileRequest'));
    expect(request).toMatchObject({
      kind: 'mobileRequest',
      requestId,
      message: 'asha_live has requested your mobile number.',
      requestStatus: 'pending',
      canAnswer: true,
      actorId: asha.userId,
    });
    expect(request.position).toMatch(/^\d+\.\d+$/);
    // The push is what GET /api/notification then lists.
    const listed = await fetch(`${app.baseUrl}/api/notification`, {
      headers: { authorization: `Bearer ${bala.token}` },
    }).then((response) => response.json() as Promise<{ data: Notification[] }>);
    expect(listed.data[0]).toEqual(request);

    await api('/api/request/status', {
      method: 'PUT',
      token: bala.token,
      json: { requestId, status: 'approved' },
    });
    const answer = await until(() => toAsha.find((note) => note.kind === 'mobileRequestApproved'));
    expect(answer).toMatchObject({ requestId, canAnswer: false, actorId: bala.userId });

    // Each member got only their own, once; a guest gets none.
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(toBala.map((note) => note.kind)).toEqual(['mobileRequest']);
    expect(toAsha.map((note) => note.kind)).toEqual(['mobileRequestApproved']);
    expect(toGuest).toEqual([]);
  });

  it('gives a reconnecting member what they missed since their last position', async () => {
    const first = await live(bala.token);
    const { position, missed } = await load(first);
    expect(missed).toEqual([]);
    expect(position).toMatch(/^\d+\.\d+$/);
    first.close();

    // While Bala is away, a third member asks for the number.
    const chitra = await member('chitra_live');
    await api('/api/request', { token: chitra.token, json: { requestedTo: bala.userId } });

    const again = await live(bala.token);
    const loaded = await pollLoad(again, position!);
    expect(loaded.missed.map((note) => [note.kind, note.actorId])).toEqual([
      ['mobileRequest', chitra.userId],
    ]);
    expect(loaded.position).toBe(loaded.missed[0]!.position);
    // From that position on, nothing more is missing.
    expect((await load(again, loaded.position!)).missed).toEqual([]);
  });

  describe('with a second api process on the same database and Redis', () => {
    let second: RunningServer;
    let secondInfra: ReturnType<typeof connectInfrastructure>;

    beforeAll(async () => {
      secondInfra = connectInfrastructure(
        app.config,
        createLogger({ level: 'warn', name: 'api-2' }),
      );
      second = await startServer(secondInfra, { port: 0, host: '127.0.0.1' });
    });
    afterAll(async () => {
      await second?.close();
      await secondInfra?.close();
    });

    it('pushes a notification once to a member connected to each process', async () => {
      const [dev, esha] = await Promise.all([member('dev_live'), member('esha_live')]);
      const here = collect(await live(esha.token));
      const there = collect(await live(esha.token, second.url));
      await api('/api/request', { token: dev.token, json: { requestedTo: esha.userId } });
      await until(() => (here.length > 0 && there.length > 0 ? true : undefined));
      await new Promise((resolve) => setTimeout(resolve, 1_000));
      expect(here.map((note) => [note.kind, note.actorId])).toEqual([
        ['mobileRequest', dev.userId],
      ]);
      expect(there).toEqual(here);
    });
  });

  it('tells a guest that notifications need a member', async () => {
    const guest = await live();
    expect(await load(guest)).toEqual({ error: MESSAGES.loginRequired });
  });
});

/** `load` until the read model has what was missed (the request's answer waits for it anyway). */
async function pollLoad(socket: Socket, since: string): Promise<NotificationsLoaded> {
  const deadline = Date.now() + 15_000;
  for (;;) {
    const loaded = await load(socket, since);
    if (loaded.missed.length > 0 || Date.now() > deadline) return loaded;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
