import knex from 'knex';
import type { Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '@boli/engine/shared/messages';
import type { Notification } from '@boli/projections/social/notifications.queries';
import {
  apiKit,
  eventually,
  type ApiKit,
  type SecondApi,
  type TestMember,
} from '../../../ops/src/testing/apiKit.ts';
import { startApp, type TestApp } from '../../../ops/src/testing/app.ts';
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

let app: TestApp;
let kit: ApiKit;

/** Every notification the socket is pushed, in order. */
function collect(socket: Socket): Notification[] {
  const received: Notification[] = [];
  socket.on(NOTIFICATION_SOCKET_EVENT, (note: Notification) => received.push(note));
  return received;
}

const arrived = <T>(check: () => T | undefined) => eventually(check, { what: 'it arrived' });

const load = (socket: Socket, since?: string) =>
  socket.emitWithAck(LOAD_NOTIFICATIONS, since === undefined ? {} : { since }) as Promise<
    NotificationsLoaded & { error?: string }
  >;

let asha: TestMember;
let bala: TestMember;

beforeAll(async () => {
  app = await startApp();
  kit = apiKit(app);
  [asha, bala] = await Promise.all([kit.member('asha_live'), kit.member('bala_live')]);
}, 180_000);

afterAll(async () => {
  await kit?.close();
  await app?.stop();
});

describe('live notifications on /bid', () => {
  it('pushes the request to the member asked, and the answer to the one who asked', async () => {
    const [ashaSocket, balaSocket, guestSocket] = await Promise.all([
      kit.live(asha.token),
      kit.live(bala.token),
      kit.live(),
    ]);
    const toAsha = collect(ashaSocket);
    const toBala = collect(balaSocket);
    const toGuest = collect(guestSocket);
    // A socket hears notifications once it asks for them; Bala's socket for an ad's bids alone
    // (an ad page's, beside the tab's notifications socket) never asks, and hears none.
    await Promise.all([load(ashaSocket), load(balaSocket)]);
    const toBalasBidSocket = collect(await kit.live(bala.token));

    const asked = await kit.api('/api/request', {
      token: asha.token,
      json: { requestedTo: bala.userId },
    });
    const requestId = (asked.body.data as { requestId: string }).requestId;
    const request = await arrived(() => toBala.find((note) => note.kind === 'mobileRequest'));
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
    const listed = await kit.api('/api/notification', { token: bala.token });
    expect((listed.body.data as Notification[])[0]).toEqual(request);

    await kit.api('/api/request/status', {
      method: 'PUT',
      token: bala.token,
      json: { requestId, status: 'approved' },
    });
    const answer = await arrived(() =>
      toAsha.find((note) => note.kind === 'mobileRequestApproved'),
    );
    expect(answer).toMatchObject({ requestId, canAnswer: false, actorId: bala.userId });

    // Each member got only their own, once; a guest gets none.
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(toBala.map((note) => note.kind)).toEqual(['mobileRequest']);
    expect(toAsha.map((note) => note.kind)).toEqual(['mobileRequestApproved']);
    expect(toGuest).toEqual([]);
    expect(toBalasBidSocket).toEqual([]);
  });

  it('pushes an answer once the requests read model has it too: a page reading it then sees it', async () => {
    const [chitra, dev] = await Promise.all([kit.member('chitra_told'), kit.member('dev_told')]);
    const socket = await kit.live(chitra.token);
    const toChitra = collect(socket);
    await load(socket);
    const asked = await kit.api('/api/request', {
      token: chitra.token,
      json: { requestedTo: dev.userId },
    });
    const requestId = (asked.body.data as { requestId: string }).requestId;
    const statusSeen = async () =>
      (
        (
          await kit.api(`/api/request/status?requestedTo=${dev.userId}`, {
            token: chitra.token,
          })
        ).body.data as { status: number }
      ).status;
    const approvedNote = () => toChitra.find((note) => note.kind === 'mobileRequestApproved');

    // The requests read model falls behind: a transaction of the test's locks its table, so its
    // projection waits, while the notifications read model takes the answer at once.
    const db = knex({ client: 'pg', connection: app.databaseUrl });
    const held = await db.transaction();
    try {
      await held.raw('LOCK TABLE mobile_requests IN EXCLUSIVE MODE');
      const answered = kit.api('/api/request/status', {
        method: 'PUT',
        token: dev.token,
        json: { requestId, status: 'approved' },
      });
      await eventually(
        async () =>
          (
            (await kit.api('/api/notification', { token: chitra.token })).body
              .data as Notification[]
          ).some((note) => note.kind === 'mobileRequestApproved'),
        { what: 'the notifications read model has the answer' },
      );
      await new Promise((resolve) => setTimeout(resolve, 1_000));
      expect(approvedNote()).toBeUndefined();
      expect(await statusSeen()).toBe(2);
      await held.rollback();
      await answered;
    } finally {
      if (!held.isCompleted()) await held.rollback();
      await db.destroy();
    }
    // Told, the page reads the request approved.
    await arrived(approvedNote);
    expect(await statusSeen()).toBe(3);
  });

  it('gives a reconnecting member what they missed since their last position', async () => {
    const first = await kit.live(bala.token);
    const { position, missed } = await load(first);
    expect(missed).toEqual([]);
    expect(position).toMatch(/^\d+\.\d+$/);
    first.close();

    // While Bala is away, a third member asks for the number.
    const chitra = await kit.member('chitra_live');
    await kit.api('/api/request', { token: chitra.token, json: { requestedTo: bala.userId } });

    const again = await kit.live(bala.token);
    const loaded = await pollLoad(again, position!);
    expect(loaded.missed.map((note) => [note.kind, note.actorId])).toEqual([
      ['mobileRequest', chitra.userId],
    ]);
    expect(loaded.position).toBe(loaded.missed[0]!.position);
    // From that position on, nothing more is missing.
    expect((await load(again, loaded.position!)).missed).toEqual([]);
  });

  describe('with a second api process on the same database and Redis', () => {
    let second: SecondApi;

    beforeAll(async () => {
      second = await kit.secondApi();
    });
    afterAll(async () => {
      await second?.close();
    });

    it('pushes a notification once to a member connected to each process', async () => {
      const [dev, esha] = await Promise.all([kit.member('dev_live'), kit.member('esha_live')]);
      const [hereSocket, thereSocket] = await Promise.all([
        kit.live(esha.token),
        kit.live(esha.token, second.url),
      ]);
      await Promise.all([load(hereSocket), load(thereSocket)]);
      const here = collect(hereSocket);
      const there = collect(thereSocket);
      await kit.api('/api/request', { token: dev.token, json: { requestedTo: esha.userId } });
      await arrived(() => (here.length > 0 && there.length > 0 ? true : undefined));
      await new Promise((resolve) => setTimeout(resolve, 1_000));
      expect(here.map((note) => [note.kind, note.actorId])).toEqual([
        ['mobileRequest', dev.userId],
      ]);
      expect(there).toEqual(here);
    });
  });

  it('tells a guest that notifications need a member', async () => {
    const guest = await kit.live();
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
