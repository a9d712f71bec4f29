import { describe, expect, it } from 'vitest';
import { thumbnailOfPicture } from './pictureNames.ts';

describe('thumbnailOfPicture', () => {
  it('names the small copy beside the picture, by name or by address', () => {
    expect(thumbnailOfPicture('f7211de5.jpg')).toBe('f7211de5.thumb.jpg');
    expect(thumbnailOfPicture('/media/f7211de5.jpg')).toBe('/media/f7211de5.thumb.jpg');
  });

  it('leaves a small copy, or what is no stored picture, as it is', () => {
    expect(thumbnailOfPicture('/media/f7211de5.thumb.jpg')).toBe('/media/f7211de5.thumb.jpg');
    expect(thumbnailOfPicture('')).toBe('');
  });
});
