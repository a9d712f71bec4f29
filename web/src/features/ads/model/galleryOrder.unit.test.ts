import { describe, expect, it } from 'vitest';
import { movedAnnouncement, movedOrder } from './galleryOrder.ts';

describe("the gallery's order after a move", () => {
  const names = ['a.jpg', 'b.jpg', 'c.mp4'];

  it('swaps the item with its neighbour, earlier or later', () => {
    expect(movedOrder(names, 1, -1)).toEqual(['b.jpg', 'a.jpg', 'c.mp4']);
    expect(movedOrder(names, 1, 1)).toEqual(['a.jpg', 'c.mp4', 'b.jpg']);
    expect(names).toEqual(['a.jpg', 'b.jpg', 'c.mp4']);
  });

  it('has no move past either end', () => {
    expect(movedOrder(names, 0, -1)).toBeNull();
    expect(movedOrder(names, 2, 1)).toBeNull();
    expect(movedOrder(names, 5, -1)).toBeNull();
  });

  it('says where the item is now', () => {
    expect(movedAnnouncement(2, 5)).toBe('Moved to place 2 of 5.');
  });
});
