import { describe, expect, it } from 'vitest';
import { displayCopyOf, photoOfDisplayCopy, storedFilesOf } from './photoCopies.ts';

describe('the copies a stored photo is kept in', () => {
  it('names the display copy after the photo, by name or by address, and back', () => {
    expect(displayCopyOf('4f2a.jpg')).toBe('4f2a.display.jpg');
    expect(displayCopyOf('/media/4f2a.jpg')).toBe('/media/4f2a.display.jpg');
    expect(photoOfDisplayCopy('4f2a.display.jpg')).toBe('4f2a.jpg');
    expect(photoOfDisplayCopy('4f2a.jpg')).toBeUndefined();
    expect(photoOfDisplayCopy('4f2a.thumb.jpg')).toBeUndefined();
  });

  it('lists a photo’s three files and a video’s two, to remove together', () => {
    expect(
      storedFilesOf({ galleryType: 'photos', name: 'a.jpg', thumbnail: 'a.thumb.jpg' }),
    ).toEqual(['a.jpg', 'a.display.jpg', 'a.thumb.jpg']);
    expect(
      storedFilesOf({ galleryType: 'videos', name: 'v.mp4', thumbnail: 'v.thumb.jpg' }),
    ).toEqual(['v.mp4', 'v.thumb.jpg']);
  });
});
