import { createHmac } from 'node:crypto';
import type { Knex } from 'knex';
import { accountDecider, type AccountState } from '@boli/engine/accounts/account.decider';
import { accountStream, type AccountEvent } from '@boli/engine/accounts/account.events';
import { mobileValidated, status } from '@boli/engine/accounts/account.state';
import type { EventStore } from '@boli/engine/eventStore/eventStore';
import { findUserById, toUserDetail } from '@boli/projections/users/users.queries';
import { dayMonthYear } from '@boli/engine/shared/indiaTime';

/**
 * The one account a request is about, folded from its own stream: always up to date (no read
 * model lag), and cheap, as an account stream holds a handful of events.
 */
export async function loadAccount(store: EventStore, userId: string): Promise<AccountState> {
  const events = await store.readStream(accountStream(userId));
  return events.reduce(
    (state, event) => accountDecider.evolve(state, event as unknown as AccountEvent),
    accountDecider.initialState(),
  );
}

export const isRegistered = (state: AccountState): boolean => status(state) !== 'unregistered';
export const isBlocked = (state: AccountState): boolean => status(state) === 'blocked';
export const emailValidated = (state: AccountState): boolean =>
  state.machine.context.emailVerified || ['emailVerified', 'active'].includes(status(state));
export { mobileValidated };

/**
 * OTP codes and reset tokens go into commands as a keyed hash (HMAC-SHA-256 with the server
 * secret): deterministic, so the decider can compare, and useless to whoever reads the log.
 */
export const keyedHash = (secret: string, purpose: string, value: string): string =>
  createHmac('sha256', secret).update(`${purpose}\n${value}`).digest('hex');

/**
 * The clear secret of a message (an OTP code, a link), written before the event that asks for the
 * message is appended and keyed by that event's id. The outbox projection joins it; the event
 * log never holds it.
 */
export async function storeMessageSecret(
  db: Knex,
  eventId: string,
  secret: string,
  expiresAt: Date,
): Promise<void> {
  await db('message_secrets').insert({ event_id: eventId, secret, expires_at: expiresAt });
}

export async function dropMessageSecret(db: Knex, eventId: string): Promise<void> {
  await db('message_secrets').where({ event_id: eventId }).delete();
}

/**
 * The contract's `userDetail` from the account's own events: the fallback while the users read
 * model has not caught up with a brand-new account.
 */
export function userDetailFromState(state: AccountState): Record<string, unknown> {
  const { profile } = state;
  return {
    _id: state.userId,
    username: state.username,
    email: state.email,
    phone: state.phone,
    phoneCode: state.phoneCode,
    gender: state.gender,
    dob: dayMonthYear(state.dob),
    ...profile,
    profilepic: state.profilepic ?? '',
    emailValidated: emailValidated(state),
    mobileValidated: mobileValidated(state),
    showEmail: state.privacy.showEmail,
    showMobileNumber: state.privacy.showMobileNumber,
    showAddress: state.privacy.showAddress,
    isBlocked: isBlocked(state),
    userType: state.roles.find((role) => role !== 'member') ?? 'member',
    hasPaidToBuyShare: false,
    roles: [...state.roles],
    trialEndsAt: state.trial?.endsAt ?? null,
  };
}

/**
 * The contract's `userDetail`: the users read model's (projections/src/users), with the
 * lifecycle flags taken from the stream, which a session is opened on and is never behind.
 */
export async function userDetailOf(
  db: Knex,
  state: AccountState,
): Promise<Record<string, unknown>> {
  const row = await findUserById(db, state.userId);
  if (!row) return userDetailFromState(state);
  return {
    ...toUserDetail(row),
    emailValidated: emailValidated(state),
    mobileValidated: mobileValidated(state),
    isBlocked: isBlocked(state),
    roles: [...state.roles],
    trialEndsAt: state.trial?.endsAt ?? null,
  };
}
