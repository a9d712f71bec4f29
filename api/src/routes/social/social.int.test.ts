import { randomUUID } from 'node:crypto';
import knex from 'knex';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LIMITS } from '@boli/engine/shared/limits';
import { MESSAGES } from '@boli/engine/shared/messages';
import { GUEST_CONTACT_FORM } from '@boli/engine/social/social.fixtures';
import { askAgainMessage } from '@boli/engine/social/mobileRequest.rules';
import {
  apiKit,
  eventually,
  type ApiKit,
  type MemberOptions,
  type TestMember,
} from '../../../../ops/src/testing/apiKit.ts';
import { startApp, type TestApp } from '../../../../ops/src/testing/app.ts';

/*
 * The social calls against the whole app (docs/api/social.md): reviews, the mobile-number
 * consent between two members, notifications, and the contact form with each of its refusals.
 */

let app: TestApp;
let kit: ApiKit;

/** Members with the mobile number the requests below show or mask. */
const member = (username: string, options: MemberOptions = {}) =>
  kit.member(username, { phone: '9876543210', ...options });

const refusal = (status: number, msg: string) =>
  expect.objectContaining({ status, body: expect.objectContaining({ error: true, msg }) });

let asha: TestMember;
let bala: TestMember;
let chetan: TestMember;
let blocked: TestMember;

beforeAll(async () => {
  app = await startApp();
  kit = apiKit(app);
  [asha, bala, chetan, blocked] = await Promise.all([
    member('asha_k'),
    member('bala_r'),
    member('chetan_s', { roles: ['member', 'support'] }),
    member('dev_blocked', { blocked: true }),
  ]);
}, 180_000);

afterAll(async () => {
  await kit?.close();
  await app?.stop();
});

describe('reviews', () => {
  it('refuses an empty review, a review of oneself and a review of nobody', async () => {
    expect(
      await kit.api('/api/review/', {
        token: asha.token,
        json: { userId: bala.userId, text: '  ' },
      }),
    ).toEqual(refusal(400, MESSAGES.reviewTextRequired));
    expect(
      await kit.api('/api/review/', { token: asha.token, json: { userId: bala.userId } }),
    ).toEqual(refusal(400, MESSAGES.reviewTextRequired));
    expect(
      await kit.api('/api/review/', {
        token: asha.token,
        json: { userId: asha.userId, text: 'Great me' },
      }),
    ).toEqual(refusal(400, MESSAGES.reviewSelf));
    expect(
      await kit.api('/api/review/', {
        token: asha.token,
        json: { userId: blocked.userId, text: 'Hi' },
      }),
    ).toEqual(refusal(404, MESSAGES.noUsersFound));
    expect(
      (await kit.api('/api/review/', { json: { userId: bala.userId, text: 'Hi' } })).status,
    ).toBe(401);
  });

  it('posts with “Review Posted!” and lists reviews newest first with the reviewer', async () => {
    const first = await kit.api('/api/review/', {
      token: asha.token,
      json: { userId: bala.userId, text: 'Sold me a fine scooter.' },
    });
    expect(first.status).toBe(200);
    expect(first.body.msg).toBe(MESSAGES.reviewPosted);
    await kit.api('/api/review/', {
      token: chetan.token,
      json: { userId: bala.userId, text: 'Honest.' },
    });
    const { body } = await kit.api(`/api/review/?userId=${bala.userId}`, { token: asha.token });
    expect(
      (body.data as { text: string; postedByUsername: string }[]).map((r) => [
        r.text,
        r.postedByUsername,
      ]),
    ).toEqual([
      ['Honest.', 'chetan_s'],
      ['Sold me a fine scooter.', 'asha_k'],
    ]);
    const notes = (await kit.api('/api/notification', { token: bala.token })).body.data as {
      kind: string;
      message: string;
    }[];
    expect(notes.filter((n) => n.kind === 'reviewReceived').map((n) => n.message)).toEqual([
      'chetan_s posted a review on your profile.',
      'asha_k posted a review on your profile.',
    ]);
  });

  it('posts a review sent again with the same Idempotency-Key once, with the same answer', async () => {
    const send = () =>
      kit.api('/api/review/', {
        token: asha.token,
        json: { userId: chetan.userId, text: 'Prompt with replies.' },
        headers: { 'idempotency-key': 'review-retry-1' },
      });
    const [first, again] = [await send(), await send()];
    expect([first.status, again.status]).toEqual([200, 200]);
    expect(again.body.msg).toBe(MESSAGES.reviewPosted);
    const { body } = await kit.api(`/api/review/?userId=${chetan.userId}`, { token: asha.token });
    expect((body.data as { text: string }[]).map((review) => review.text)).toEqual([
      'Prompt with replies.',
    ]);
  });

  it('lets the writer rewrite and delete a review, support delete any, no one else', async () => {
    type Listed = { _id: string; text: string; editedAt: string | null };
    const posted = await kit.api('/api/review/', {
      token: asha.token,
      json: { userId: chetan.userId, text: 'Replied in a day.' },
    });
    const reviewId = (posted.body.data as Listed[]).find(
      (r) => r.text === 'Replied in a day.',
    )!._id;

    const edit = (token: string, text: string) =>
      kit.api('/api/review/edit', { token, json: { reviewId, text } });
    expect(await edit(bala.token, 'Never replied.')).toEqual(refusal(403, MESSAGES.reviewNotYours));
    expect(await edit(asha.token, ' ')).toEqual(refusal(400, MESSAGES.reviewTextRequired));
    const edited = await edit(asha.token, 'Replied within the hour.');
    expect(edited.status).toBe(200);
    expect(edited.body.msg).toBe(MESSAGES.reviewUpdated);
    const rewritten = (edited.body.data as Listed[]).find((r) => r._id === reviewId)!;
    expect(rewritten).toEqual(
      expect.objectContaining({ text: 'Replied within the hour.', editedAt: expect.any(String) }),
    );
    // Begun from the first text, in a tab left open: refused, not saved over the newer one.
    const stale = await kit.api('/api/review/edit', {
      token: asha.token,
      json: { reviewId, text: 'Never replied.', previousText: 'Replied in a day.' },
    });
    expect(stale).toEqual(refusal(409, MESSAGES.reviewChanged));
    const notes = (await kit.api('/api/notification', { token: chetan.token })).body.data as {
      kind: string;
      message: string;
    }[];
    expect(notes.filter((n) => n.kind === 'reviewEdited').map((n) => n.message)).toEqual([
      'asha_k changed their review on your profile.',
    ]);

    const remove = (token: string) => kit.api('/api/review/delete', { token, json: { reviewId } });
    // Not the member it is about.
    expect(await remove(bala.token)).toEqual(refusal(403, MESSAGES.reviewNotYours));
    const deleted = await remove(asha.token);
    expect(deleted.status).toBe(200);
    expect(deleted.body.msg).toBe(MESSAGES.reviewDeleted);
    expect((deleted.body.data as Listed[]).map((r) => r._id)).not.toContain(reviewId);
    expect(await remove(asha.token)).toEqual(refusal(404, MESSAGES.reviewNotFound));
    expect(await edit(asha.token, 'Back again')).toEqual(refusal(404, MESSAGES.reviewNotFound));
  });

  it('lists reviews a page at a time, newest first', async () => {
    const many = await member('many_reviews');
    const size = LIMITS.reviewPageSize;
    for (let n = 1; n <= size + 1; n += 1) {
      const posted = await kit.api('/api/review/', {
        token: asha.token,
        json: { userId: many.userId, text: `Deal ${n}` },
      });
      expect(posted.status).toBe(200);
    }
    const page = async (query: string) =>
      (
        (await kit.api(`/api/review/?userId=${many.userId}${query}`, { token: bala.token })).body
          .data as { text: string }[]
      ).map((review) => review.text);
    const first = await page('');
    expect(first).toHaveLength(size);
    expect(first[0]).toBe(`Deal ${size + 1}`);
    expect(await page('&page=1')).toEqual(first);
    expect(await page('&page=2')).toEqual(['Deal 1']);
    expect(await page('&page=3')).toEqual([]);
    // What is not a page is the first.
    expect(await page('&page=abc')).toEqual(first);
  });

  it('lets support take down a review of someone else', async () => {
    const posted = await kit.api('/api/review/', {
      token: asha.token,
      json: { userId: bala.userId, text: 'Rude on the phone.' },
    });
    const reviewId = (posted.body.data as { _id: string; text: string }[]).find(
      (r) => r.text === 'Rude on the phone.',
    )!._id;
    const removed = await kit.api('/api/review/delete', {
      token: chetan.token,
      json: { reviewId },
    });
    expect(removed.status).toBe(200);
    const { body } = await kit.api(`/api/review/?userId=${bala.userId}`, { token: bala.token });
    expect((body.data as { _id: string }[]).map((r) => r._id)).not.toContain(reviewId);
  });
});

describe('a blocked member’s reviews', () => {
  it('of a blocked member are not listed to members: 404, as their profile', async () => {
    const list = (viewer: TestMember) =>
      kit.api(`/api/review/?userId=${blocked.userId}`, { token: viewer.token });
    expect(await list(asha)).toEqual(refusal(404, MESSAGES.noUsersFound));
    expect((await list(chetan)).status).toBe(200);
  });

  it('are hidden from members while the block holds; support still sees them', async () => {
    const reviewer = await member('dev_reviewer');
    const text = 'Sold me a fake.';
    await kit.api('/api/review/', { token: reviewer.token, json: { userId: bala.userId, text } });
    const texts = async (viewer: TestMember) =>
      (
        (await kit.api(`/api/review/?userId=${bala.userId}`, { token: viewer.token })).body
          .data as { text: string }[]
      ).map((review) => review.text);
    expect(await texts(asha)).toContain(text);

    const moderate = (step: 'block' | 'unblock') =>
      kit.api(`/api/support/users/${reviewer.userId}/${step}`, {
        token: chetan.token,
        json: { reason: 'Fake reviews' },
      });
    const reviewNotes = async () =>
      (
        (await kit.api('/api/notification/', { token: bala.token })).body.data as {
          kind: string;
          actorId: string | null;
        }[]
      ).filter((note) => note.kind === 'reviewReceived' && note.actorId === reviewer.userId);
    await eventually(async () => (await reviewNotes()).length === 1, {
      what: 'the review’s note reaches the bell',
    });
    // A request of the reviewer's for Bala's number, before the block.
    const asked = await kit.api('/api/request', {
      token: reviewer.token,
      json: { requestedTo: bala.userId },
    });
    const { requestId } = asked.body.data as { requestId: string };

    expect((await moderate('block')).status).toBe(200);
    expect(await texts(asha)).not.toContain(text);
    expect(await texts(bala)).not.toContain(text);
    expect(await texts(chetan)).toContain(text);
    // Neither the review's note stays in Bala's bell, nor may Bala share the number with them.
    expect(await reviewNotes()).toEqual([]);
    const approval = await kit.api('/api/request/status', {
      token: bala.token,
      method: 'PUT',
      json: { requestId, status: 'approved' },
    });
    expect(approval).toMatchObject({
      status: 403,
      body: {
        msg: MESSAGES.mobileRequestBlockedMember,
        code: 'MOBILE_REQUEST_FROM_BLOCKED_MEMBER',
      },
    });
    expect((await moderate('unblock')).status).toBe(200);
    expect(await texts(asha)).toContain(text);
    expect(await reviewNotes()).toHaveLength(1);
  });
});

type View = { status: number; requestId: string | null; requestStatus: string | null };

describe('mobile-number requests', () => {
  const status = async (viewer: TestMember, owner: TestMember) =>
    (await kit.api(`/api/request/status?requestedTo=${owner.userId}`, { token: viewer.token })).body
      .data as View;
  const phoneSeen = async (viewer: TestMember, owner: TestMember) =>
    (
      (await kit.api(`/api/user/id?user_id=${owner.userId}`, { token: viewer.token })).body
        .data as {
        phone: string;
      }
    ).phone;
  const answer = (who: TestMember, requestId: string, answerStatus: string) =>
    kit.api('/api/request/status', {
      method: 'PUT',
      token: who.token,
      json: { requestId, status: answerStatus },
    });

  it('refuses a request for one’s own number, to a blocked member and to nobody', async () => {
    expect(
      await kit.api('/api/request', { token: asha.token, json: { requestedTo: asha.userId } }),
    ).toEqual(refusal(400, MESSAGES.mobileRequestSelf));
    expect(
      await kit.api('/api/request', { token: asha.token, json: { requestedTo: blocked.userId } }),
    ).toEqual(refusal(403, MESSAGES.mobileRequestBlockedMember));
    expect(
      await kit.api('/api/request', { token: asha.token, json: { requestedTo: randomUUID() } }),
    ).toEqual(refusal(404, MESSAGES.noUsersFound));
  });

  it('goes Show → Pending → number shown → masked again, only for the requester', async () => {
    expect(await status(asha, bala)).toEqual({
      status: 1,
      requestId: null,
      requestStatus: null,
      askAgainAt: null,
    });
    expect(await phoneSeen(asha, bala)).toBe('987*******');

    const asked = await kit.api('/api/request', {
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
      (await kit.api('/api/request', { token: asha.token, json: { requestedTo: bala.userId } }))
        .body.data,
    ).toEqual(asked.body.data);

    const notes = (await kit.api('/api/notification', { token: bala.token })).body.data as Record<
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
    const ashaNotes = (await kit.api('/api/notification', { token: asha.token })).body
      .data as Record<string, unknown>[];
    expect(ashaNotes[0]).toMatchObject({ kind: 'mobileRequestApproved', canAnswer: false });

    const revoked = await answer(bala, requestId!, 'revoked');
    expect(revoked.body.msg).toBe(MESSAGES.mobileRequestRevoked);
    expect(await status(asha, bala)).toMatchObject({ status: 1, requestStatus: 'revoked' });
    // Reject once revoked changes nothing, and says so rather than 'Request rejected.'.
    expect((await answer(bala, requestId!, 'rejected')).body).toMatchObject({
      msg: MESSAGES.mobileRequestAlreadyNo,
      data: { requestStatus: 'revoked' },
    });
    expect(await phoneSeen(asha, bala)).toBe('987*******');
    const balaNotes = (await kit.api('/api/notification', { token: bala.token })).body
      .data as Record<string, unknown>[];
    expect(
      balaNotes.find((n) => n.requestId === requestId && n.kind === 'mobileRequest'),
    ).toMatchObject({
      requestStatus: 'revoked',
    });
  });

  it('makes a rejected requester wait a day to ask again; the owner may approve after all', async () => {
    const { requestId } = (
      await kit.api('/api/request', { token: chetan.token, json: { requestedTo: bala.userId } })
    ).body.data as View;
    const before = Date.now();
    expect((await answer(bala, requestId!, 'rejected')).body.msg).toBe(
      MESSAGES.mobileRequestRejected,
    );
    const after = Date.now();
    const seen = (await status(chetan, bala)) as View & { askAgainAt: string };
    expect(seen).toMatchObject({ status: 1, requestStatus: 'rejected' });
    const day = LIMITS.mobileRequestAgainAfterHours * 3_600_000;
    expect(Date.parse(seen.askAgainAt)).toBeGreaterThanOrEqual(before + day);
    expect(Date.parse(seen.askAgainAt)).toBeLessThanOrEqual(after + day);
    // Each ask would be another notification to the owner: not till the day is over.
    const again = await kit.api('/api/request', {
      token: chetan.token,
      json: { requestedTo: bala.userId },
    });
    expect(again).toEqual(refusal(429, askAgainMessage(seen.askAgainAt)));
    // A change of mind: a rejected request can still be approved.
    expect((await answer(bala, requestId!, 'approved')).body.msg).toBe(
      MESSAGES.mobileRequestApproved,
    );
    expect(await status(chetan, bala)).toMatchObject({ status: 3 });
  });

  it('tells the asked member where a request for their number stands, and nobody else', async () => {
    const incoming = async (viewer: TestMember, asker: TestMember) =>
      (await kit.api(`/api/request/incoming?requestedBy=${asker.userId}`, { token: viewer.token }))
        .body.data;
    const dev = await member('dev_p');
    const { requestId } = (
      await kit.api('/api/request', { token: dev.token, json: { requestedTo: chetan.userId } })
    ).body.data as View;
    expect(await incoming(chetan, dev)).toEqual({ requestId, requestStatus: 'pending' });
    // The asker's own view is the other way round: nothing asked of them.
    expect(await incoming(dev, chetan)).toEqual({ requestId: null, requestStatus: null });
    // Another member is told of requests for their own number only.
    expect(await incoming(asha, dev)).toEqual({ requestId: null, requestStatus: null });
    await answer(chetan, requestId!, 'approved');
    expect(await incoming(chetan, dev)).toEqual({ requestId, requestStatus: 'approved' });
    expect((await kit.api('/api/request/incoming', { token: chetan.token })).status).toBe(400);
    expect((await kit.api(`/api/request/incoming?requestedBy=${dev.userId}`)).status).toBe(401);
  });
});

describe('notifications', () => {
  it('need a token', async () => {
    expect((await kit.api('/api/notification')).status).toBe(401);
  });
});

describe('the contact form', () => {
  const form = GUEST_CONTACT_FORM;

  /** The dev mailbox's mails to `address`, waiting (up to 15 s) for the first. */
  const mailsTo = async (address: string) => {
    const deadline = Date.now() + 15_000;
    let mails: { subject?: string; text?: string }[] = [];
    while (Date.now() < deadline) {
      const response = await fetch(
        `${app.baseUrl}/dev/api/mailbox?to=${encodeURIComponent(address)}`,
      );
      const body = (await response.json()) as { data?: unknown } | unknown[];
      mails = (
        Array.isArray(body) ? body : ((body as { data?: unknown[] }).data ?? [])
      ) as typeof mails;
      if (mails.length > 0) break;
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
    return mails;
  };

  it.each(Object.keys(form))(
    'refuses a form without %s: “Please enter all details.”',
    async (field) => {
      const refused = await kit.api('/api/contactus', { json: { ...form, [field]: '' } });
      expect(refused).toEqual(refusal(400, MESSAGES.contactAllDetails));
      // As every refused form: each field's problem in the envelope's errors.
      expect(refused.body.errors).toEqual([{ field, message: MESSAGES.contactAllDetails }]);
    },
  );

  it.each([
    ['email', 'guest@', MESSAGES.invalidEmail],
    ['mobile', '98765abc', MESSAGES.digitsOnly],
    ['mobile', '98765432109', MESSAGES.contactMobileTooLong],
    ['description', 'x'.repeat(150), MESSAGES.contactDescriptionTooLong],
    ['subject', 'Refund', MESSAGES.contactSubjectInvalid],
  ])('refuses %s %j with its message', async (field, value, message) => {
    const refused = await kit.api('/api/contactus', { json: { ...form, [field]: value } });
    expect(refused).toEqual(refusal(400, message));
    expect(refused.body.errors).toEqual([{ field, message }]);
  });

  it('sums up several wrong fields as the form, each listed with its own message', async () => {
    const refused = await kit.api('/api/contactus', {
      json: { ...form, firstname: 'A'.repeat(40), email: 'not-an-email' },
    });
    expect(refused).toEqual(refusal(400, MESSAGES.invalidForm));
    expect(refused.body.errors).toEqual([
      { field: 'firstname', message: MESSAGES.max20 },
      { field: 'email', message: MESSAGES.invalidEmail },
    ]);
  });

  it('takes a message sent again with its Idempotency-Key once', async () => {
    const once = { ...form, description: 'Sent twice, kept once' };
    const headers = { 'idempotency-key': 'contact-retry-1' };
    const first = await kit.api('/api/contactus', { json: once, headers });
    const again = await kit.api('/api/contactus', { json: once, headers });
    expect([first.status, again.status]).toEqual([200, 200]);
    expect(again.body.data).toEqual(first.body.data);
    const inbox = (await kit.api('/api/contactus', { token: chetan.token })).body.data as {
      messages: { description: string }[];
    };
    expect(inbox.messages.filter((m) => m.description === once.description)).toHaveLength(1);
    // Without a key, each is a message of its own.
    await kit.api('/api/contactus', { json: once });
    const after = (await kit.api('/api/contactus', { token: chetan.token })).body.data as {
      messages: { description: string }[];
    };
    expect(after.messages.filter((m) => m.description === once.description)).toHaveLength(2);
  });

  it('takes a guest’s message, keeps it for support and acknowledges it by email', async () => {
    const sent = await kit.api('/api/contactus', { json: form });
    expect(sent.status).toBe(200);
    expect(sent.body.msg).toBe(MESSAGES.contactSent);

    expect((await kit.api('/api/contactus', { token: asha.token })).status).toBe(403);
    const inbox = (await kit.api('/api/contactus', { token: chetan.token })).body.data as {
      messages: Record<string, unknown>[];
    };
    expect(inbox.messages[0]).toMatchObject({ ...form, sentBy: null });

    const mails = await mailsTo(form.email);
    expect(mails[0]?.subject).toBe('We received your message: Inquiry');
    expect(mails[0]?.text).toContain('you will hear from us shortly');
    // Anyone may give any address: nothing typed is sent to it but the subject, from a list.
    expect(mails[0]?.text).not.toContain(form.description);
    expect(mails[0]?.text).not.toContain(form.firstname);
  });

  it('acknowledges one address once a day, however often the form names it', async () => {
    const address = `ack-${randomUUID().slice(0, 8)}@example.com`;
    const other = `ack-other-${randomUUID().slice(0, 8)}@example.com`;
    for (const email of [address, address.toUpperCase(), address]) {
      expect((await kit.api('/api/contactus', { json: { ...form, email } })).status).toBe(200);
    }
    expect((await kit.api('/api/contactus', { json: { ...form, email: other } })).status).toBe(200);
    // The outbox read model takes the messages in order: once the last one's mail is out, the
    // ones before it were written to the outbox or never will be.
    await mailsTo(other);
    const db = knex({ client: 'pg', connection: app.databaseUrl, pool: { min: 0, max: 1 } });
    try {
      const written = await db('outbox_messages')
        .whereRaw('lower(recipient) = ?', [address])
        .select('text');
      expect(written).toHaveLength(1);
      expect(written[0].text).toContain('We send this note to an address once a day at most');
    } finally {
      await db.destroy();
    }
    expect(await mailsTo(address)).toHaveLength(1);
  });

  it('is marked handled by support, and open again, each list showing what it should', async () => {
    const sent = await kit.api('/api/contactus', { json: { ...form, description: 'Mark me' } });
    const { messageId } = sent.body.data as { messageId: string };
    type Inbox = { messages: { _id: string; handledAt: string | null; handledBy: unknown }[] };
    const listed = async (status: string) =>
      (
        (await kit.api(`/api/contactus?status=${status}`, { token: chetan.token })).body
          .data as Inbox
      ).messages.filter((message) => message._id === messageId);

    expect(await listed('open')).toHaveLength(1);
    expect(await listed('handled')).toHaveLength(0);
    const mark = (action: string, token = chetan.token) =>
      kit.api(`/api/contactus/${messageId}/${action}`, { token, json: {} });
    expect((await mark('handled', asha.token)).status).toBe(403);

    const handled = await mark('handled');
    expect(handled.status).toBe(200);
    // The answer waits for the inbox: the lists show it at once.
    expect(await listed('open')).toHaveLength(0);
    const [shown] = await listed('handled');
    expect(shown).toMatchObject({
      handledBy: { userId: chetan.userId, username: chetan.username },
    });
    expect(Date.parse(shown!.handledAt!)).not.toBeNaN();
    // Marked again (a second staff member at the same time): still handled once, and told so.
    const again = await mark('handled');
    expect(again.status).toBe(200);
    expect(again.body).toMatchObject({
      msg: 'Already handled, by a colleague or in another tab.',
      data: { changed: false },
    });
    expect(await listed('all')).toHaveLength(1);

    expect((await mark('reopen')).status).toBe(200);
    expect(await listed('open')).toMatchObject([{ handledAt: null, handledBy: null }]);
    expect(
      (await kit.api('/api/contactus/no-such-message/handled', { token: chetan.token, json: {} }))
        .status,
    ).toBe(404);
  });

  // Last in this file: it uses up this address's messages for the hour.
  it('takes at most the hourly number of messages from one address, then says when to retry', async () => {
    const send = () => kit.api('/api/contactus', { json: { ...form, description: 'Once more' } });
    let answer = await send();
    for (let sent = 1; answer.status === 200 && sent <= LIMITS.contactPerIpPerHour; sent += 1) {
      answer = await send();
    }
    expect(answer).toEqual(
      refusal(
        429,
        expect.stringMatching(/^Too many messages\. Please try again in \d+ minutes?\.$/),
      ),
    );
    const retryAfter = Number(answer.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(3600 + 3600 / LIMITS.contactPerIpPerHour);
    // A form the api refuses does not count, and is still told what is wrong.
    expect(await kit.api('/api/contactus', { json: { ...form, email: 'guest@' } })).toEqual(
      refusal(400, MESSAGES.invalidEmail),
    );
  });
});

describe('when notifications were last seen', () => {
  it('is kept on the account: moved forward only, never ahead of now, each member their own', async () => {
    const seen = async (who: TestMember) =>
      (await kit.api('/api/notification/seen', { token: who.token })).body.data;
    const mark = (who: TestMember, seenAt: unknown) =>
      kit.api('/api/notification/seen', { token: who.token, json: { seenAt } });
    expect(await seen(asha)).toEqual({ seenAt: null });

    const first = await mark(asha, '2026-01-02T03:04:05.000Z');
    expect(first.status).toBe(200);
    expect(first.body.data).toEqual({ seenAt: '2026-01-02T03:04:05.000Z' });
    // Another device, behind: the later mark stays.
    expect((await mark(asha, '2026-01-01T00:00:00.000Z')).body.data).toEqual({
      seenAt: '2026-01-02T03:04:05.000Z',
    });
    // A device whose clock runs years fast marks no further than now.
    const before = Date.now();
    const fast = (await mark(asha, '2099-01-01T00:00:00+05:30')).body.data as { seenAt: string };
    expect(Date.parse(fast.seenAt)).toBeGreaterThanOrEqual(before - 1_000);
    expect(Date.parse(fast.seenAt)).toBeLessThanOrEqual(Date.now() + 1_000);
    expect(await seen(asha)).toEqual(fast);
    // Nobody else's.
    expect(await seen(bala)).toEqual({ seenAt: null });
    // Not a time: refused.
    expect((await mark(bala, 'yesterday')).status).toBe(400);
    expect(
      (await kit.api('/api/notification/seen', { json: { seenAt: fast.seenAt } })).status,
    ).toBe(401);
  });
});
