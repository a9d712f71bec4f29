import { accountDecider } from '@boli/engine/accounts/account.decider';
import type { AccountBlocked, AccountEvent } from '@boli/engine/accounts/account.events';
import { status } from '@boli/engine/accounts/account.state';

/** A block or its lifting, as the member's account stream recorded it. */
export type ModerationStep = {
  readonly action: 'blocked' | 'unblocked';
  readonly at: string;
  /** The staff member's user id. */
  readonly by: string;
  /** Why, for a block. */
  readonly reason: string | null;
};

/**
 * What support sees of a member's standing: the last block's details while it lasts, and every
 * block and unblock before, newest first (who, when, why), so a later dispute can see them.
 */
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
  readonly history: readonly ModerationStep[];
  /**
   * How support reaches the member about a dispute — their email and mobile, which members see
   * only when shared — as the account holds them now.
   */
  readonly contact: { readonly email: string; readonly phone: string; readonly phoneCode: string };
};

const stepOf = (event: AccountEvent): ModerationStep | undefined => {
  switch (event.type) {
    case 'AccountBlocked': {
      const { blockedAt, blockedBy, reason } = event.data;
      return { action: 'blocked', at: blockedAt, by: blockedBy, reason };
    }
    case 'AccountUnblocked': {
      const { unblockedAt, unblockedBy, reason } = event.data;
      return { action: 'unblocked', at: unblockedAt, by: unblockedBy, reason: reason ?? null };
    }
    default:
      return undefined;
  }
};

/**
 * A member's moderation status folded from their own account stream: blocked as the account's
 * lifecycle says, with the block that put them there. Undefined when the stream holds no account.
 */
export function moderationStatus(events: readonly AccountEvent[]): ModerationStatus | undefined {
  let state = accountDecider.initialState();
  let lastBlock: AccountBlocked['data'] | null = null;
  const history: ModerationStep[] = [];
  for (const event of events) {
    state = accountDecider.evolve(state, event);
    if (event.type === 'AccountBlocked') lastBlock = event.data;
    const step = stepOf(event);
    if (step) history.unshift(step);
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
    history,
    contact: { email: state.email, phone: state.phone, phoneCode: state.phoneCode },
  };
}

/** A span a member was blocked: from the block to the unblock that lifted it (null: it holds). */
export type BlockedSpan = {
  readonly from: string;
  readonly to: string | null;
  readonly reason: string | null;
};

/** The spans a member was blocked, oldest first, from their moderation history (newest first). */
export function blockedSpans(history: readonly ModerationStep[]): BlockedSpan[] {
  const spans: BlockedSpan[] = [];
  let open: { from: string; reason: string | null } | null = null;
  for (const step of [...history].reverse()) {
    if (step.action === 'blocked' && open === null) open = { from: step.at, reason: step.reason };
    if (step.action === 'unblocked' && open !== null) {
      spans.push({ ...open, to: step.at });
      open = null;
    }
  }
  if (open !== null) spans.push({ ...open, to: null });
  return spans;
}

/** The span holding `at` (an instant), if any: an owner's ad was withdrawn then. */
export const spanHolding = (spans: readonly BlockedSpan[], at: string): BlockedSpan | null => {
  const instant = Date.parse(at);
  return (
    spans.find(
      (span) =>
        Date.parse(span.from) <= instant && (span.to === null || instant < Date.parse(span.to)),
    ) ?? null
  );
};
