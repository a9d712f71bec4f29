import { describe, expect, it } from 'vitest';
import { blockReasonProblem, moderationLine, type ModerationStatus } from './moderation.ts';

const active: ModerationStatus = {
  userId: 'u-1',
  username: 'asha_k',
  blocked: false,
  blockedAt: null,
  blockedBy: null,
  blockedByUsername: null,
  reason: null,
  blockable: true,
};

const blocked: ModerationStatus = {
  ...active,
  blocked: true,
  // 23:30 UTC is already the next day in India.
  blockedAt: '2026-03-01T23:30:00.000Z',
  blockedBy: 'u-support',
  blockedByUsername: 'support_sam',
  reason: 'Fake bids',
};

describe('the Moderation panel’s words', () => {
  it('says Active for a member who is not blocked', () => {
    expect(moderationLine(active)).toBe('Active');
  });

  it('says since when in India time, by whom and why for a blocked member', () => {
    expect(moderationLine(blocked)).toBe(
      'Blocked since 2026-03-02 05:00:00 IST by support_sam: "Fake bids"',
    );
  });

  it('names the staff member by id when their name is not known yet', () => {
    expect(moderationLine({ ...blocked, blockedByUsername: null })).toContain('by u-support:');
  });

  it('asks for a reason of at most 500 characters', () => {
    expect(blockReasonProblem('   ')).toBe('Please give a reason');
    expect(blockReasonProblem('x'.repeat(501))).toBe('At most 500 characters');
    expect(blockReasonProblem(` ${'x'.repeat(500)} `)).toBeUndefined();
  });
});
