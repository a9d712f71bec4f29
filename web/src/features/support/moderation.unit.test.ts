import { describe, expect, it } from 'vitest';
import {
  blockReasonProblem,
  dialledNumber,
  moderationLine,
  moderationStepLine,
  type ModerationStatus,
} from './moderation.ts';

const active: ModerationStatus = {
  userId: 'u-1',
  username: 'asha_k',
  blocked: false,
  blockedAt: null,
  blockedBy: null,
  blockedByUsername: null,
  reason: null,
  blockable: true,
  history: [],
  contact: { email: 'asha@example.in', phone: '9876543210', phoneCode: '+91' },
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

  it('says each earlier block and unblock: when, by whom and why', () => {
    const step = { at: '2026-03-01T23:30:00.000Z', by: 'u-support', byUsername: 'support_sam' };
    expect(moderationStepLine({ ...step, action: 'blocked', reason: 'Fake bids' })).toBe(
      'Blocked 2026-03-02 05:00:00 IST by support_sam: "Fake bids"',
    );
    expect(
      moderationStepLine({ ...step, action: 'unblocked', byUsername: null, reason: null }),
    ).toBe('Unblocked 2026-03-02 05:00:00 IST by u-support');
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

describe('how support reaches a member', () => {
  it('dials the country code and the number, or the number alone when none is kept', () => {
    expect(dialledNumber(active.contact)).toBe('+91 9876543210');
    expect(dialledNumber({ ...active.contact, phoneCode: '' })).toBe('9876543210');
  });
});
