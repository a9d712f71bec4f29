import { describe, expect, it } from 'vitest';
import { answeredRequestText, answersOfRequest } from './requestAnswers.ts';

describe('the answers to a request for one’s number', () => {
  it('are Approve and Reject until approved, then Revoke; none without a request', () => {
    expect(answersOfRequest('pending')).toEqual(['approved', 'rejected']);
    expect(answersOfRequest('rejected')).toEqual(['approved', 'rejected']);
    expect(answersOfRequest('revoked')).toEqual(['approved', 'rejected']);
    expect(answersOfRequest('approved')).toEqual(['revoked']);
    expect(answersOfRequest(null)).toEqual([]);
  });

  it('say what was answered, and nothing while it waits', () => {
    expect(answeredRequestText('pending')).toBeNull();
    expect(answeredRequestText(null)).toBeNull();
    expect(answeredRequestText('rejected')).toBe('You rejected this request.');
  });
});
