import { randomUUID } from 'node:crypto';
import knex, { type Knex } from 'knex';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountStream, type AccountEvent } from '@boli/engine/accounts/account.events';
import type { EventStore } from '@boli/engine/eventStore/eventStore';
import { createPostgresEventStore } from '@boli/engine/eventStore/postgres/postgresEventStore';
import { MESSAGES } from '@boli/engine/shared/messages';
import { waitForProjections } from '@boli/projections';
import { startApp, type TestApp } from '../../../../ops/src/testing/app.ts';
import { SessionService } from '../../identity/sessions.ts';

/*
 * The social calls against the whole app (docs/api/social.md): reviews, the mobile-number
 * consent between two members, notifications, and the contact form with each of its refusals.
 */

type Body = { data: unknown; error: boolean; msg: string; code?: string };

let app: TestApp;
let db: Knex;
let store: EventStore;

const T0 = '2026-03-01T10:00:00.000Z';

type Member = { userId: string; username: string; token: string };

async function member(
  username: string,
  { blocked = false, roles = ['member'] }: { blocked?: boolean; roles?: string[] } = {},
): Promise<Member> {
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
  if (blocked) {
    events.push({
      type: 'AccountBlocked',
      data: { userId, reason: 'spam', blockedBy: 'u-support', blockedAt: T0 },
    });
  }
  const { lastPosition } = await store.append(
    accountStream(userId),
    events.map((event) => ({ ...event, metadata: { eventId: randomUUID(), now: T0 } })),
    'no-stream',
  );
  // Generous: a long transaction elsewhere in a shared cluster holds every reader back.
  expect(await waitForProjections(db, ['users'], lastPosition, 60_000)).toBe(true);
  const session = await new SessionService(db, app.config.JWT_SECRET).issue(
    userId,
    roles,
    new Date(),
  );
  return { userId, username, token: session.token };
}

async function api(
  path: string,
  { method, json, token }: { method?: string; json?: unknown; token?: string } = {},
) {
  const headers: Record<string, string> = {};
  if (json !== undefined) headers['content-type'] = 'application/json';
  if (token) headers.authorization = `Bearer ${token}`;
  const response = await fetch(`${app.baseUrl}${path}`, {
    method: method ?? (json === undefined ? 'GET' : 'POST'),
    headers,
    body: json === undefined ? undefined : JSON.stringify(json),
  });
  return { status: response.status, body: (await response.json()) as Body };
}

const refusal = (status: number, msg: string) => ({
  status,
  body: expect.objectContaining({ error: true, msg }),
});

let asha: Member;
let bala: Member;
let chetan: Member;
let blocked: Member;

beforeAll(async () => {
  app = await startApp();
  db = knex({ client: 'pg', connection: app.databaseUrl, pool: { min: 0, max: 4 } });
  store = createPostgresEventStore({ connectionString: app.databaseUrl });
  [asha, bala, chetan, blocked] = await Promise.all([
    member('asha_k'),
    member('bala_r'),
    member('chetan_s', { roles: ['member', 'support'] }),
    member('dev_blocked', { blocked: true }),
  ]);
}, 180_000);

afterAll(async () => {
  await store?.close();
  await db?.destroy();
  await app?.stop();
});

describe('reviews', () => {
  it('refuses an empty review, a review of oneself and a review of nobody', async () => {
    expect(
      await api('/api/review/', { token: asha.token, json: { userId: bala.userId, text: '  ' } }),
    ).toEqual(refusal(400, MESSAGES.reviewTextRequired));
    expect(await api('/api/review/', { token: asha.token, json: { userId: bala.userId } })).toEqual(
      refusal(400, MESSAGES.reviewTextRequired),
    );
    expect(
      await api('/api/review/', {
        token: asha.token,
        json: { userId: asha.userId, text: 'Great me' },
      }),
    ).toEqual(refusal(400, MESSAGES.reviewSelf));
    expect(
      await api('/api/review/', {
        token: asha.token,
        json: { userId: blocked.userId, text: 'Hi' },
      }),
    ).toEqual(refusal(404, MESSAGES.noUsersFound));
    expect((await api('/api/review/', { json: { userId: bala.userId, text: 'Hi' } })).status).toBe(
      401,
    );
  });

  it('posts with “Review Posted!” and lists reviews newest first with the reviewer', async () => {
    const first = await api('/api/review/', {
      token: asha.token,
      json: { userId: bala.userId, text: 'Sold me a fine scooter.' },
    });
    expect(first.status).toBe(200);
    expect(first.body.msg).toBe(MESSAGES.reviewPosted);
    await api('/api/review/', {
      token: chetan.token,
      json: { userId: bala.userId, text: 'Honest.' },
    });
    const { body } = await api(`/api/review/?userId=${bala.userId}`, { token: asha.token });
    expect(
      (body.data as { text: string; postedByUsername: string }[]).map((r) => [
        r.text,
        r.postedByUsername,
      ]),
    ).toEqual([
      ['Honest.', 'chetan_s'],
      ['Sold me a fine scooter.', 'asha_k'],
    ]);
    const notes = (await api('/api/notification', { token: bala.token })).body.data as {
      kind: string;
      message: string;
    }[];
    expect(notes.filter((n) => n.kind === 'reviewReceived').map((n) => n.message)).toEqual([
      'chetan_s posted a review on your profile.',
      'asha_k posted a review on your profile.',
    ]);
  });
});

type View = { status: number; requestId: string | null; requestStatus: string | null };

describe('mobile-number requests', () => {
  const status = async (viewer: Member, owner: Member) =>
    (await api(`/api/request/status?requestedTo=${owner.userId}`, { token: viewer.token })).body
      .data as View;
  const phoneSeen = async (viewer: Member, owner: Member) =>
    (
      (await api(`/api/user/id?user_id=${owner.userId}`, { token: viewer.token })).body.data as {
        phone: string;
      }
    ).phone;
  const answer = (who: Member, requestId: string, answerStatus: string) =>
    api('/api/request/status', {
      method: 'PUT',
      token: who.token,
      json: { requestId, status: answerStatus },
    });

  it('refuses a request for one’s own number, to a blocked member and to nobody', async () => {
    expect(
      await api('/api/request', { token: asha.token, json: { requestedTo: asha.userId } }),
    ).toEqual(refusal(400, MESSAGES.mobileRequestSelf));
    expect(
      await api('/api/request', { token: asha.token, json: { requestedTo: blocked.userId } }),
    ).toEqual(refusal(403, MESSAGES.mobileRequestBlockedMember));
    expect(
      await api('/api/request', { token: asha.token, json: { requestedTo: randomUUID() } }),
    ).toEqual(refusal(404, MESSAGES.noUsersFound));
  });

  it('goes Show → Pending → number shown → masked again, only for the requester', async () => {
    expect(await status(asha, bala)).toEqual({ status: 1, requestId: null, requestStatus: null });
    expect(await phoneSeen(asha, bala)).toBe('987*******');

    const asked = await api('/api/request', {
      token: asha.token,
      json: { requestedTo: bala.userId },
    });
    expect(asked.body).toMatchObject({
      msg: MESSAGES.mobileRequestSent,
      data: { status: 2, requestStatus: 'pending' },
    });
    const { requestId } = asked.body.data as View;
    // Asking again changes nothing.
    expect(
      (await api('/api/request', { token: asha.token, json: { requestedTo: bala.userId } })).body
        .data,
    ).toEqual(asked.body.data);

    const notes = (await api('/api/notification', { token: bala.token })).body.data as Record<
      string,
      unknown
    >[];
    expect(notes[0]).toMatchObject({
      kind: 'mobileRequest',
      requestId,
      message: 'asha_k has requested your mobile number.',
      requestStatus: 'pending',
      canAnswer: true,
    });

    // Only Bala answers: not Asha, not a stranger; nor to an unknown request or with a bad status.
    expect(await answer(asha, requestId!, 'approved')).toEqual(
      refusal(403, MESSAGES.mobileRequestNotYours),
    );
    expect(await answer(chetan, requestId!, 'approved')).toEqual(
      refusal(403, MESSAGES.mobileRequestNotYours),
    );
    expect(await answer(bala, randomUUID(), 'approved')).toEqual(
      refusal(404, MESSAGES.mobileRequestNotFound),
    );
    expect((await answer(bala, requestId!, 'maybe')).status).toBe(400);
    expect(await answer(bala, requestId!, 'revoked')).toEqual(
      refusal(409, MESSAGES.mobileRequestNotApproved),
    );

    const approved = await answer(bala, requestId!, 'approved');
    expect(approved.body).toMatchObject({
      msg: MESSAGES.mobileRequestApproved,
      data: { requestStatus: 'approved' },
    });
    expect(await status(asha, bala)).toMatchObject({ status: 3, requestStatus: 'approved' });
    expect(await phoneSeen(asha, bala)).toBe('9876543210');
    expect(await phoneSeen(chetan, bala)).toBe('987*******');
    const ashaNotes = (await api('/api/notification', { token: asha.token })).body.data as Record<
      string,
      unknown
    >[];
    expect(ashaNotes[0]).toMatchObject({ kind: 'mobileRequestApproved', canAnswer: false });

    const revoked = await answer(bala, requestId!, 'revoked');
    expect(revoked.body.msg).toBe(MESSAGES.mobileRequestRevoked);
    expect(await status(asha, bala)).toMatchObject({ status: 1, requestStatus: 'revoked' });
    expect(await phoneSeen(asha, bala)).toBe('987*******');
    const balaNotes = (await api('/api/notification', { token: bala.token })).body.data as Record<
      string,
      unknown
    >[];
    expect(
      balaNotes.find((n) => n.requestId === requestId && n.kind === 'mobileRequest'),
    ).toMatchObject({
      requestStatus: 'revoked',
    });
  });

  it('lets a rejected requester ask again, and the owner approve after all', async () => {
    const { requestId } = (
      await api('/api/request', { token: chetan.token, json: { requestedTo: bala.userId } })
    ).body.data as View;
    expect((await answer(bala, requestId!, 'rejected')).body.msg).toBe(
      MESSAGES.mobileRequestRejected,
    );
    expect(await status(chetan, bala)).toMatchObject({ status: 1, requestStatus: 'rejected' });
    const again = (
      await api('/api/request', { token: chetan.token, json: { requestedTo: bala.userId } })
    ).body.data;
    expect(again).toEqual({ status: 2, requestId, requestStatus: 'pending' });
    await answer(bala, requestId!, 'rejected');
    // A change of mind: a rejected request can still be approved.
    expect((await answer(bala, requestId!, 'approved')).body.msg).toBe(
      MESSAGES.mobileRequestApproved,
    );
    expect(await status(chetan, bala)).toMatchObject({ status: 3 });
  });
});

describe('notifications', () => {
  it('need a token', async () => {
    expect((await api('/api/notification')).status).toBe(401);
  });
});

describe('the contact form', () => {
  const form = {
    country: 'India',
    firstname: 'Guest',
    lastname: 'Visitor',
    email: 'guest.visitor@example.in',
    mobile: '98765',
    description: 'How do Hidden bids work?',
    subject: 'Inquiry',
  };

  it.each(Object.keys(form))(
    'refuses a form without %s: “Please enter all details.”',
    async (field) => {
      expect(await api('/api/contactus', { json: { ...form, [field]: '' } })).toEqual(
        refusal(400, MESSAGES.contactAllDetails),
      );
    },
  );

  it.each([
    ['email', 'guest@', MESSAGES.contactEmailInvalid],
    ['mobile', '98765abc', MESSAGES.digitsOnly],
    ['mobile', '98765432109', MESSAGES.contactMobileTooLong],
    ['description', 'x'.repeat(150), MESSAGES.contactDescriptionTooLong],
    ['subject', 'Refund', MESSAGES.contactSubjectInvalid],
  ])('refuses %s %j with its message', async (field, value, message) => {
    expect(await api('/api/contactus', { json: { ...form, [field]: value } })).toEqual(
      refusal(400, message),
    );
  });

  it('takes a guest’s message, keeps it for support and acknowledges it by email', async () => {
    const sent = await api('/api/contactus', { json: form });
    expect(sent.status).toBe(200);
    expect(sent.body.msg).toBe(MESSAGES.contactSent);

    expect((await api('/api/contactus', { token: asha.token })).status).toBe(403);
    const inbox = (await api('/api/contactus', { token: chetan.token })).body.data as {
      messages: Record<string, unknown>[];
    };
    expect(inbox.messages[0]).toMatchObject({ ...form, sentBy: null });

    const deadline = Date.now() + 15_000;
    let mails: { subject?: string; text?: string }[] = [];
    while (Date.now() < deadline) {
      const response = await fetch(
        `${app.baseUrl}/dev/api/mailbox?to=${encodeURIComponent(form.email)}`,
      );
      const body = (await response.json()) as { data?: unknown } | unknown[];
      mails = (
        Array.isArray(body) ? body : ((body as { data?: unknown[] }).data ?? [])
      ) as typeof mails;
      if (mails.length > 0) break;
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
    expect(mails[0]?.subject).toBe('We received your message: Inquiry');
    expect(mails[0]?.text).toContain('you will hear from us shortly');
  });
});
