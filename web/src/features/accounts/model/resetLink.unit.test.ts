import { describe, expect, it } from 'vitest';
import { MESSAGES } from '@boli/engine/shared/messages';
import { ApiError } from '../../../app/api/client.ts';
import { isDeadResetLink } from './resetLink.ts';

const refused = (code: string) => new ApiError(400, 'x', [], null, { code });

describe('a refused password reset', () => {
  it('is a dead link when the api says the link is unknown, used or expired', () => {
    expect(isDeadResetLink(refused('RESET_TOKEN_INVALID'))).toBe(true);
    expect(isDeadResetLink(refused('RESET_TOKEN_EXPIRED'))).toBe(true);
  });

  it('is not, for a refused password or a failed call', () => {
    expect(isDeadResetLink(new ApiError(400, MESSAGES.resetPasswordMismatch))).toBe(false);
    expect(isDeadResetLink(refused('VALIDATION'))).toBe(false);
    expect(isDeadResetLink(new ApiError(0, ''))).toBe(false);
    expect(isDeadResetLink(new Error('down'))).toBe(false);
  });
});
