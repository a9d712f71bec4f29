import { describe, expect, it } from 'vitest';
import { parseSessionUser } from './sessionUser.ts';

describe('parseSessionUser', () => {
  const detail = {
    _id: 'u-1',
    username: 'priya_iyer',
    mobileValidated: true,
    emailValidated: true,
    bidAlias: 'bluekite',
    roles: ['member'],
  };

  it('keeps what the shell and the bid form need, from /api/user or a sign-in answer', () => {
    // Each field kept as it came: what the session needs is all there is here.
    expect(parseSessionUser(detail)).toEqual(detail);
    expect(parseSessionUser({ userDetail: detail, token: 'x' })).toEqual(detail);
  });

  it('leaves out an empty alias or picture, and is null for what is no user', () => {
    expect(parseSessionUser({ ...detail, bidAlias: '', profilepic: '' })).not.toHaveProperty(
      'bidAlias',
    );
    expect(parseSessionUser({ username: 'x' })).toBeNull();
    expect(parseSessionUser(null)).toBeNull();
  });
});
