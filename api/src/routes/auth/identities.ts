import type { Knex } from 'knex';
import { phoneCodeOf } from '@boli/engine/accounts/account.rules';
import { nameSkeleton } from '@boli/engine/shared/characters';

/** The three things no two accounts may share. */
export type IdentityKind = 'username' | 'email' | 'phone';

export type Identities = Readonly<Record<IdentityKind, string>>;

/** A phone identity's one spelling: '+91 9876543210'. */
export const phoneIdentityOf = (phone: string, phoneCode: string): string =>
  `${phoneCodeOf(phoneCode) ?? phoneCode.trim()} ${phone.trim()}`;

/**
 * One spelling per identity: usernames and emails compare case-insensitively, phones with their
 * dialling code in its one spelling ('91' and '+91' are one code).
 */
export const identitiesOf = (input: {
  username: string;
  email: string;
  phone: string;
  phoneCode: string;
}): Identities => ({
  username: input.username.trim().toLowerCase(),
  email: input.email.trim().toLowerCase(),
  phone: phoneIdentityOf(input.phone, input.phoneCode),
});

/**
 * Claims all three identities for `userId` in one transaction, or none of them. Returns the kinds
 * already held by someone else (empty: claimed).
 */
class IdentitiesTaken extends Error {
  constructor(readonly kinds: IdentityKind[]) {
    super(`taken: ${kinds.join(', ')}`);
  }
}

export async function claimIdentities(
  db: Knex,
  userId: string,
  identities: Identities,
): Promise<IdentityKind[]> {
  const rows = (Object.entries(identities) as [IdentityKind, string][]).map(([kind, value]) => ({
    kind,
    value,
    user_id: userId,
  }));
  try {
    await db.transaction(async (trx) => {
      const inserted: { kind: IdentityKind }[] = await trx('account_identities')
        .insert(rows)
        .onConflict(['kind', 'value'])
        .ignore()
        .returning('kind');
      const claimed = new Set(inserted.map((row) => row.kind));
      const taken = rows.map((row) => row.kind).filter((kind) => !claimed.has(kind));
      // Throwing rolls the whole claim back: all three identities, or none.
      if (taken.length > 0) throw new IdentitiesTaken(taken);
    });
    return [];
  } catch (error) {
    if (error instanceof IdentitiesTaken) return error.kinds;
    throw error;
  }
}

/** Gives the identities back when the account could not be registered after all. */
export async function releaseIdentities(db: Knex, userId: string): Promise<void> {
  await db('account_identities').where({ user_id: userId }).delete();
}

/**
 * Whether `alias`, as it reads (look-alikes folded, `nameSkeleton`), is the username of a member
 * other than `userId`: bidders see aliases alone, so such an alias would pass for that member.
 */
export async function aliasIsOthersUsername(
  db: Knex,
  alias: string,
  userId: string,
): Promise<boolean> {
  const row = await db('account_identities')
    .where({ kind: 'username' })
    .whereRaw('name_skeleton(value) = ?', [nameSkeleton(alias)])
    .whereNot({ user_id: userId })
    .first('user_id');
  return row !== undefined;
}

/** The account a login names: its username, or its email address. */
export async function findUserIdByLogin(db: Knex, login: string): Promise<string | undefined> {
  const value = login.trim().toLowerCase();
  const row = await db('account_identities')
    .whereIn('kind', value.includes('@') ? ['email', 'username'] : ['username'])
    .where({ value })
    .orderByRaw("kind = 'username' DESC")
    .first('user_id');
  return row?.user_id as string | undefined;
}

export async function findUserIdByEmail(db: Knex, email: string): Promise<string | undefined> {
  const row = await db('account_identities')
    .where({ kind: 'email', value: email.trim().toLowerCase() })
    .first('user_id');
  return row?.user_id as string | undefined;
}

/**
 * Moves `userId`'s phone identity to `phone` (its one spelling, `identitiesOf`): claimed, and the
 * old one given back, in one transaction. False when another account holds it already.
 */
export async function movePhoneIdentity(db: Knex, userId: string, phone: string): Promise<boolean> {
  return db.transaction(async (trx) => {
    const claimed = await trx('account_identities')
      .insert({ kind: 'phone', value: phone, user_id: userId })
      .onConflict(['kind', 'value'])
      .ignore()
      .returning('user_id');
    if (claimed.length === 0) {
      const holder = await trx('account_identities').where({ kind: 'phone', value: phone }).first();
      return holder?.user_id === userId;
    }
    await trx('account_identities')
      .where({ kind: 'phone', user_id: userId })
      .whereNot({ value: phone })
      .delete();
    return true;
  });
}
