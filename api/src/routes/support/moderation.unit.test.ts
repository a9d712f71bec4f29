import { describe, expect, it } from 'vitest';
import type { AccountEvent } from '@boli/engine/accounts/account.events';
import {
  ACTIVE,
  ADMIN,
  SUPPORT,
  T0,
  USER_ID,
  accountBlocked,
  at,
} from '@boli/engine/accounts/account.fixtures';
import { blockedSpans, moderationStatus, spanHolding } from './moderation.ts';

const unblocked = (now: string): AccountEvent => ({
  type: 'AccountUnblocked',
  data: { userId: USER_ID, unblockedBy: SUPPORT.userId, unblockedAt: now },
});

const blockedBy = (now: string, reason: string, by: string): AccountEvent => ({
  type: 'AccountBlocked',
  data: { userId: USER_ID, reason, blockedBy: by, blockedAt: now },
});

const NOT_BLOCKED = { blocked: false, blockedAt: null, blockedBy: null, reason: null };

describe("a member's moderation status, from their account stream", () => {
  it('knows no member in an empty stream', () => {
    expect(moderationStatus([])).toBeUndefined();
  });

  it('says an active member is not blocked', () => {
    expect(moderationStatus(ACTIVE)).toEqual({
      userId: USER_ID,
      username: 'asha_k',
      ...NOT_BLOCKED,
      roles: ['member'],
      history: [],
      contact: { email: 'asha@example.in', phone: '9876543210', phoneCode: '+91' },
    });
  });

  it("gives the block's details while the member is blocked", () => {
    expect(moderationStatus([...ACTIVE, accountBlocked(at(T0, 60))])).toMatchObject({
      blocked: true,
      blockedAt: at(T0, 60),
      blockedBy: SUPPORT.userId,
      reason: 'fake bids',
    });
  });

  it('forgets the block once it is lifted', () => {
    expect(
      moderationStatus([...ACTIVE, accountBlocked(at(T0, 60)), unblocked(at(T0, 90))]),
    ).toMatchObject(NOT_BLOCKED);
  });

  it('gives the last block after a member is blocked again', () => {
    const history = [
      ...ACTIVE,
      accountBlocked(at(T0, 60)),
      unblocked(at(T0, 90)),
      blockedBy(at(T0, 120), 'spam again', ADMIN.userId),
    ];
    expect(moderationStatus(history)).toMatchObject({
      blocked: true,
      blockedAt: at(T0, 120),
      blockedBy: ADMIN.userId,
      reason: 'spam again',
    });
  });

  it('keeps every block and unblock, newest first, with who did it and why', () => {
    const events = [
      ...ACTIVE,
      blockedBy(at(T0, 60), 'fake bids', SUPPORT.userId),
      unblocked(at(T0, 120)),
      blockedBy(at(T0, 180), 'again', ADMIN.userId),
    ];
    expect(moderationStatus(events)?.history).toEqual([
      { action: 'blocked', at: at(T0, 180), by: ADMIN.userId, reason: 'again' },
      { action: 'unblocked', at: at(T0, 120), by: SUPPORT.userId, reason: null },
      { action: 'blocked', at: at(T0, 60), by: SUPPORT.userId, reason: 'fake bids' },
    ]);
  });
});

describe('the spans a member was blocked', () => {
  const step = (action: 'blocked' | 'unblocked', minute: number, reason: string | null = null) => ({
    action,
    at: at(T0, minute),
    by: SUPPORT.userId,
    reason,
  });

  it('run from each block to the unblock that lifted it, oldest first; the last may hold', () => {
    // The history is newest first, as moderationStatus gives it.
    const history = [
      step('blocked', 50, 'again'),
      step('unblocked', 30),
      step('blocked', 10, 'spam'),
    ];
    const spans = blockedSpans(history);
    expect(spans).toEqual([
      { from: at(T0, 10), to: at(T0, 30), reason: 'spam' },
      { from: at(T0, 50), to: null, reason: 'again' },
    ]);
    expect(spanHolding(spans, at(T0, 10))).toEqual(spans[0]);
    expect(spanHolding(spans, at(T0, 29))).toEqual(spans[0]);
    expect(spanHolding(spans, at(T0, 30))).toBeNull();
    expect(spanHolding(spans, at(T0, 5))).toBeNull();
    expect(spanHolding(spans, at(T0, 500))).toEqual(spans[1]);
    expect(blockedSpans([])).toEqual([]);
  });
});
