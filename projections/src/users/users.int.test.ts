import { randomUUID } from 'node:crypto';
import knex, { type Knex } from 'knex';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AccountEvent } from '@boli/engine/accounts/account.events';
import { accountStream } from '@boli/engine/accounts/account.events';
import type { EventStore } from '@boli/engine/eventStore/eventStore';
import { createPostgresEventStore } from '@boli/engine/eventStore/postgres/postgresEventStore';
import { createTestDatabase, type TestDatabase } from '../../../ops/src/testing/database.ts';
import { catchUp } from '../runtime/testing/catchUp.ts';
import { tableHash } from '../runtime/testing/adBids.ts';
import { usersProjection } from './users.projection.ts';
import {
  findUserById,
  findUserByLogin,
  findUserByUsername,
  listMembers,
  searchUsers,
  toPublicProfile,
  toUserDetail,
} from './users.queries.ts';

let database: TestDatabase;
let db: Knex;
let store: EventStore;

const T0 = '2026-03-01T10:00:00.000Z';
const at = (minutes: number) => new Date(Date.parse(T0) + minutes * 60_000).toISOString();

type Member = { userId: string; username: string; firstname: string; lastname: string };

async function append(userId: string, events: AccountEvent[]): Promise<void> {
  await store.append(
    accountStream(userId),
    events.map((event) => ({ ...event, metadata: { eventId: randomUUID(), now: T0 } })),
    'any',
  );
}

async function register(
  member: Member,
  { verified = true, email = `${member.username}@Example.in` } = {},
): Promise<void> {
  const { userId } = member;
  await append(userId, [
    {
      type: 'AccountRegistered',
      data: {
        ...member,
        email: email.toLowerCase(),
        phone: '9876543210',
        phoneCode: '+91',
        bidAlias: 'zz-alias',
        gender: 'Female',
        dob: '1995-08-15',
        country: 'India',
        passwordHash: `hash:${member.username}`,
        registeredAt: T0,
      },
    },
    ...(verified
      ? ([
          { type: 'EmailVerified', data: { userId, verifiedAt: at(1) } },
          { type: 'MobileVerified', data: { userId, phone: '9876543210', verifiedAt: at(2) } },
          { type: 'TrialStarted', data: { userId, startsAt: at(2), endsAt: at(2 + 7 * 24 * 60) } },
        ] as AccountEvent[])
      : []),
  ]);
}

const asha: Member = {
  userId: 'u-asha',
  username: 'Asha_K',
  firstname: 'Asha',
  lastname: 'Kulkarni',
};
const ashok: Member = {
  userId: 'u-ashok',
  username: 'ashok99',
  firstname: 'Ashok',
  lastname: 'Rao',
};
const prakash: Member = {
  userId: 'u-prakash',
  username: 'pk_movers',
  firstname: 'Prakash',
  lastname: 'Iyer',
};
const blocked: Member = {
  userId: 'u-blocked',
  username: 'ashwin_b',
  firstname: 'Ashwin',
  lastname: 'Bose',
};
const pending: Member = {
  userId: 'u-pending',
  username: 'ashley_p',
  firstname: 'Ashley',
  lastname: 'Pinto',
};

beforeAll(async () => {
  database = await createTestDatabase();
  db = knex({ client: 'pg', connection: database.url, pool: { min: 0, max: 2 } });
  store = createPostgresEventStore({ connectionString: database.url });
  for (const member of [asha, ashok, prakash, blocked]) await register(member);
  await register(pending, { verified: false });
  await append(blocked.userId, [
    {
      type: 'AccountBlocked',
      data: { userId: blocked.userId, reason: 'spam', blockedBy: 'u-s', blockedAt: at(5) },
    },
  ]);
  await append(asha.userId, [
    {
      type: 'ProfileEdited',
      data: {
        userId: asha.userId,
        editedAt: at(10),
        profile: {
          bnr: 'Kulkarni Motors',
          firstname: 'Asha',
          lastname: 'Kulkarni',
          bidAlias: 'bluekite',
          houseno: '12B',
          street: 'MG Road',
          city: 'Pune',
          neighbourHood: 'Camp',
          district: 'Pune',
          state: 'Maharashtra',
          country: 'India',
          pincode: '411001',
          education: 'B.Com',
          industry: 'Film',
        },
      },
    },
    {
      type: 'PrivacySettingChanged',
      data: { userId: asha.userId, setting: 'showEmail', value: true, changedAt: at(11) },
    },
    {
      type: 'ProfilePictureChanged',
      data: { userId: asha.userId, profilepic: 'abc.jpg', changedAt: at(12) },
    },
    {
      type: 'RoleGranted',
      data: { userId: asha.userId, role: 'support', grantedBy: 'u-admin', grantedAt: at(13) },
    },
    {
      type: 'PasswordChanged',
      data: { userId: asha.userId, passwordHash: 'hash:new', changedAt: at(14) },
    },
    {
      type: 'SessionsRevoked',
      data: { userId: asha.userId, reason: 'passwordChanged', revokedAt: at(14) },
    },
  ]);
  await catchUp({ databaseUrl: database.url, store, projection: usersProjection });
});

afterAll(async () => {
  await store?.close();
  await db?.destroy();
  await database?.drop();
});

describe('the users read model', () => {
  it('keeps one row per user with every fact of the account', async () => {
    const row = await findUserById(db, asha.userId);
    expect(row).toMatchObject({
      username: 'Asha_K',
      username_lower: 'asha_k',
      email: 'asha_k@example.in',
      dob: '1995-08-15',
      bnr: 'Kulkarni Motors',
      neighbourhood: 'Camp',
      casting: { industry: 'Film' },
      show_email: true,
      show_address: false,
      profilepic: 'abc.jpg',
      roles: ['member', 'support'],
      password_hash: 'hash:new',
      email_validated: true,
      mobile_validated: true,
      trial_ends_at: at(2 + 7 * 24 * 60),
      registered_at: T0,
      updated_at: at(14),
    });
    expect((await findUserById(db, blocked.userId))?.is_blocked).toBe(true);
    expect(await db('users').count({ n: '*' })).toEqual([{ n: '5' }]);
  });

  it('finds a login by username or email, whatever the case', async () => {
    expect((await findUserByLogin(db, 'ASHA_k'))?.user_id).toBe(asha.userId);
    expect((await findUserByLogin(db, ' Asha_K@EXAMPLE.in '))?.password_hash).toBe('hash:new');
    expect(await findUserByLogin(db, 'nobody')).toBeUndefined();
    expect((await findUserByUsername(db, 'PK_MOVERS'))?.user_id).toBe(prakash.userId);
  });

  it('answers the contract shapes', async () => {
    const row = (await findUserById(db, asha.userId))!;
    const detail = toUserDetail(row);
    expect(detail).toMatchObject({
      _id: asha.userId,
      dob: '15-08-1995',
      profilepic: '/media/abc.jpg',
      neighbourHood: 'Camp',
      industry: 'Film',
      userType: 'support',
    });
    expect(JSON.stringify(detail)).not.toContain('hash:');
    const seen = toPublicProfile(row, ashok.userId, { approvedMobileRequest: false });
    expect(seen).toMatchObject({
      email: 'asha_k@example.in',
      phone: '987*******',
      phoneMasked: true,
    });
    expect(seen).not.toHaveProperty('street');
    expect(seen).not.toHaveProperty('bidAlias');
    expect(toPublicProfile(row, asha.userId, { approvedMobileRequest: false })).toMatchObject({
      street: 'MG Road',
      phone: '9876543210',
    });
  });

  it('searches from 3 characters, without the viewer, blocked or unfinished accounts', async () => {
    expect(await searchUsers(db, { key: 'as', viewerId: prakash.userId })).toEqual([]);
    const hits = await searchUsers(db, { key: 'ASH', viewerId: prakash.userId });
    expect(hits.map((hit) => hit.username)).toEqual(['Asha_K', 'ashok99']);
    const own = await searchUsers(db, { key: 'ash', viewerId: asha.userId });
    // Names starting with the key come before names containing it (Prakash).
    expect(own.map((hit) => hit.username)).toEqual(['ashok99', 'pk_movers']);
    // Inside a name, not only at its start; an exact username ranks first.
    expect(
      (await searchUsers(db, { key: 'kash', viewerId: asha.userId })).map((h) => h.username),
    ).toEqual(['pk_movers']);
    expect((await searchUsers(db, { key: 'ashok99' }))[0]?.username).toBe('ashok99');
    expect(await searchUsers(db, { key: '%%%' })).toEqual([]);
    expect(await searchUsers(db, { key: 'ash', page: 1, limit: 1 })).toHaveLength(1);
  });

  it('lists members page by page', async () => {
    const page = await listMembers(db, { page: 0, pageSize: 2 });
    expect(page.total).toBe(3);
    expect(page.totalPages).toBe(2);
    expect(page.users).toHaveLength(2);
  });

  it('replaying the log again changes nothing', async () => {
    const before = await tableHash(db, 'users', 'user_id');
    await catchUp({ databaseUrl: database.url, store, projection: usersProjection, replay: true });
    expect(await tableHash(db, 'users', 'user_id')).toBe(before);
  });
});
