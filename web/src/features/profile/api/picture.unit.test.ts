import { describe, expect, it } from 'vitest';
import { LIMITS } from '@boli/engine/shared/limits';
import { isAcceptablePicture } from './picture.ts';

describe('a profile picture', () => {
  it('is a jpeg, jpg or png of at most 10 MB', () => {
    for (const name of ['me.jpeg', 'me.JPG', 'me.png'])
      expect(isAcceptablePicture({ name, size: LIMITS.profilePicture.maxBytes })).toBe(true);
  });

  it('is refused when larger, empty or of another kind', () => {
    expect(isAcceptablePicture({ name: 'me.png', size: LIMITS.profilePicture.maxBytes + 1 })).toBe(
      false,
    );
    expect(isAcceptablePicture({ name: 'me.png', size: 0 })).toBe(false);
    for (const name of ['me.gif', 'me.webp', 'png', 'me.png.exe'])
      expect(isAcceptablePicture({ name, size: 1000 })).toBe(false);
  });
});
