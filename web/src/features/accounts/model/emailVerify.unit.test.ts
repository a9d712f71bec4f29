import { describe, expect, it } from 'vitest';
import { MESSAGES } from '@boli/engine/shared/messages';
import { ApiError } from '../../../app/api/client.ts';
import { emailVerifyFailure } from './emailVerify.ts';

const LINK_INVALID = 'This verification link is not valid. Please request a new one.';

describe('emailVerifyFailure', () => {
  it('says the email is not validated, then why, when the answer says so', () => {
    const refused = new ApiError(400, LINK_INVALID, [], { emailValidated: false });
    expect(emailVerifyFailure(refused)).toBe(`${MESSAGES.emailNotValidated} ${LINK_INVALID}`);
  });

  it('says any other failure as it is', () => {
    expect(emailVerifyFailure(new ApiError(500, ''))).toBe(MESSAGES.generic);
    expect(emailVerifyFailure(new ApiError(429, 'Too many', [], null))).toBe('Too many');
  });
});
