import { describe, expect, it } from 'vitest';
import { ApiError } from '../../app/api/client.ts';
import { uploadRetryable } from './useUploads.ts';

describe('a failed upload, sent again', () => {
  it('may succeed when the connection or the server failed it, or it arrived too slowly', () => {
    expect(uploadRetryable(new TypeError('Failed to fetch'))).toBe(true);
    expect(uploadRetryable(new ApiError(0, ''))).toBe(true);
    expect(uploadRetryable(new ApiError(503, 'Down'))).toBe(true);
    expect(uploadRetryable(new ApiError(408, 'The upload took over 30 minutes'))).toBe(true);
  });

  it('would be refused again when the file itself was', () => {
    expect(uploadRetryable(new ApiError(400, 'This file could not be read.'))).toBe(false);
    expect(uploadRetryable(new ApiError(413, 'Too large'))).toBe(false);
  });
});
