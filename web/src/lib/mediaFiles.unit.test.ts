import { describe, expect, it } from 'vitest';
import { LIMITS } from '@boli/engine/shared/limits';
import { mediaRefusal, sortDroppedFiles } from './mediaFiles.ts';

const file = (name: string, size = 1000) => ({ name, size });

describe('the ad media a form takes (section 5)', () => {
  it('takes the listed extensions in any case, up to 10 MB', () => {
    for (const name of ['a.jpg', 'b.JPEG', 'c.png', 'd.mp4', 'e.webm', 'f.3gp', 'g.m4v', 'h.ogv'])
      expect(mediaRefusal(file(name)), name).toBeNull();
    expect(mediaRefusal(file('a.gif'))).toBe('extension');
    expect(mediaRefusal(file('noextension'))).toBe('extension');
    expect(mediaRefusal(file('a.jpg', LIMITS.adMedia.maxBytes))).toBeNull();
    expect(mediaRefusal(file('a.jpg', LIMITS.adMedia.maxBytes + 1))).toBe('size');
    expect(mediaRefusal(file('a.jpg', 0))).toBe('empty');
  });

  it('refuses files beyond 6 per ad, counting those already there', () => {
    const dropped = ['1.jpg', '2.jpg', '3.gif', '4.jpg', '5.jpg'].map((name) => file(name));
    const { taken, refused } = sortDroppedFiles(dropped, 3);
    expect(taken.map((f) => f.name)).toEqual(['1.jpg', '2.jpg', '4.jpg']);
    expect(refused.map(({ file: f, reason }) => [f.name, reason])).toEqual([
      ['3.gif', 'extension'],
      ['5.jpg', 'tooMany'],
    ]);
  });
});
