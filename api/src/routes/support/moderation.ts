import { accountDecider } from '@boli/engine/accounts/account.decider';
import type { AccountBlocked, AccountEvent } from '@boli/engine/accounts/account.events';
import { status } from '@boli/engine/accounts/account.state';

/** What support sees of a member's standing: the last block's details while it lasts. */
export type ModerationStatus = {
  readonly userId: string;
  readonly username: string;
  readonly blocked: boolean;
  readonly blockedAt: string | null;
  /** The staff member's user id, as the block recorded it. */
  readonly blockedBy: string | null;
  readonly reason: string | null;
  /** The roles the account holds (staff are blocked by an admin only). */
  readonly roles: readonly string[];
};

/**
 * A member's moderation status folded from their own account stream: blocked as the account's
 * lifecycle says, with the block that put them there. Undefined when the stream holds no account.
 */
export function moderationStatus(events: readonly AccountEvent[]): ModerationStatus | undefined {
  let state = accountDecider.initialState();
  let lastBlock: AccountBlocked['data'] | null = null;
  for (const event of events) {
    state = accountDecider.evolve(state, event);
    if (event.type === 'AccountBlocked') lastBlock = event.data;
  }
  const current = status(state);
  if (current === 'unregistered') return undefined;
  const block = current === 'blocked' ? lastBlock : null;
  return {
    userId: state.userId,
    username: state.username,
    blocked: current === 'blocked',
    blockedAt: block?.blockedAt ?? null,
    blockedBy: block?.blockedBy ?? null,
    reason: block?.reason ?? null,
    roles: state.roles,
  };
}
