import type { Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiKit, type ApiKit, type TestMember } from '../../../ops/src/testing/apiKit.ts';
import { startApp, type TestApp } from '../../../ops/src/testing/app.ts';
import { NOTIFICATION_SOCKET_EVENT } from '@boli/projections/social/notifications.live';
import { LOAD_NOTIFICATIONS } from './notificationLive.ts';

/*
 * A member's live socket ends with the session it was opened with: after a logout or a block, the
 * next event it sends disconnects it, instead of being answered as the member (an owner's view of
 * bids included). A notification for the member does the same as it goes, and the sweep of every
 * LIMITS.liveSessionCheckMs for a socket that only listens.
 */

let app: TestApp;
let kit: ApiKit;
let support: TestMember;

beforeAll(async () => {
  app = await startApp();
  kit = apiKit(app);
  support = await kit.member('sock_support', { roles: ['member', 'support'] });
}, 180_000);

afterAll(async () => {
  await kit?.close();
  await app?.stop();
});

/** Sends an event and says what came of it: answered, or the socket disconnected by the server. */
async function sendOn(socket: Socket): Promise<'answered' | 'disconnected'> {
  return new Promise((settle) => {
    socket.once('disconnect', (reason) =>
      settle(reason === 'io server disconnect' ? 'disconnected' : 'answered'),
    );
    socket.emit(LOAD_NOTIFICATIONS, {}, () => settle('answered'));
  });
}

describe('a member’s live socket', () => {
  it('is answered while the session lives, and disconnected at its next event after a logout', async () => {
    const member = await kit.member('sock_logout');
    const socket = await kit.live(member.token);
    expect(await sendOn(socket)).toBe('answered');
    expect((await kit.api('/api/auth/logout', { json: {}, token: member.token })).status).toBe(200);
    expect(await sendOn(socket)).toBe('disconnected');
  });

  it('hears no more of the member once the session ends: their next notification disconnects it', async () => {
    const [member, asker] = await Promise.all([kit.member('sock_told'), kit.member('sock_asker')]);
    const socket = await kit.live(member.token);
    expect(await sendOn(socket)).toBe('answered'); // it now hears the member's notifications
    const heard: unknown[] = [];
    socket.on(NOTIFICATION_SOCKET_EVENT, (note: unknown) => heard.push(note));
    const ended = new Promise<string>((settle) => {
      socket.once('disconnect', settle);
      // Well before the sweep (LIMITS.liveSessionCheckMs), which would end it in the end anyway.
      setTimeout(() => settle('still connected'), 5_000);
    });
    // The password changed on another device, say: the session this socket was opened with ends.
    expect((await kit.api('/api/auth/logout', { json: {}, token: member.token })).status).toBe(200);
    const asked = await kit.api('/api/request', {
      token: asker.token,
      json: { requestedTo: member.userId },
    });
    expect(asked.status).toBe(200);
    expect(await ended).toBe('io server disconnect');
    expect(heard).toEqual([]);
  });

  it('is disconnected once support blocks the member', async () => {
    const member = await kit.member('sock_blocked');
    const socket = await kit.live(member.token);
    expect(await sendOn(socket)).toBe('answered');
    const blocked = await kit.api(`/api/support/users/${member.userId}/block`, {
      token: support.token,
      json: { reason: 'Fraud' },
    });
    expect(blocked.status).toBe(200);
    expect(await sendOn(socket)).toBe('disconnected');
  });

  it('leaves a guest’s socket alone', async () => {
    const socket = await kit.live();
    expect(await sendOn(socket)).toBe('answered');
  });
});
