import { describe, expect, it } from 'vitest';
import type { GalleryItemView } from '../ads.api.ts';
import { itemsOfUploads, uploadOfItem } from './galleryUploads.ts';
import type { Upload } from './uploadQueue.ts';

const item = (name: string): GalleryItemView => ({
  galleryType: 'photos',
  name,
  url: `/media/${name}`,
  thumbnail: `/media/${name}`,
});

/** A finished upload of `file` whose answer was the gallery `answer`. */
const uploaded = (id: string, file: string, answer: string[]): Upload<GalleryItemView[]> => ({
  id,
  name: file,
  status: 'uploaded',
  progress: 1,
  result: answer.map(item),
});

describe('the upload rows of the media screen and the items they added', () => {
  const before = ['p1', 'p2'];

  it('one upload after another: each row has the item its answer added', () => {
    const uploads = [
      uploaded('upload-1', 'rear.jpg', ['p1', 'p2', 'a']),
      uploaded('upload-2', 'clip.mp4', ['p1', 'p2', 'a', 'b']),
    ];
    const gallery = ['p1', 'p2', 'a', 'b'];
    expect(itemsOfUploads(uploads, { before, gallery })).toEqual(
      new Map([
        ['upload-1', 'a'],
        ['upload-2', 'b'],
      ]),
    );
    expect(uploadOfItem(uploads, 'b', { before, gallery })).toBe('upload-2');
    // Items that were there when the screen opened came from no row.
    expect(uploadOfItem(uploads, 'p1', { before, gallery })).toBeUndefined();
  });

  it('uploads stored together, each answered with all of them: one item per row, in order', () => {
    const together = ['p1', 'p2', 'a', 'b', 'c'];
    const uploads = [
      uploaded('upload-1', 'front.jpg', together),
      uploaded('upload-2', 'side.png', together),
      uploaded('upload-3', 'clip.mp4', together),
    ];
    expect([...itemsOfUploads(uploads, { before, gallery: together }).values()]).toEqual([
      'a',
      'b',
      'c',
    ]);
  });

  it('after a removal, the rows left still find their own items', () => {
    // upload-1 (item a) was removed with its item; upload-2's answer still names a.
    const uploads = [uploaded('upload-2', 'clip.mp4', ['p1', 'p2', 'a', 'b'])];
    const gallery = ['p1', 'p2', 'b'];
    expect(uploadOfItem(uploads, 'b', { before, gallery })).toBe('upload-2');
  });

  it('rows still under way or failed added nothing', () => {
    const running: Upload<GalleryItemView[]> = {
      id: 'upload-1',
      name: 'rear.jpg',
      status: 'uploading',
      progress: 0.4,
    };
    const failed: Upload<GalleryItemView[]> = {
      id: 'upload-2',
      name: 'huge.mp4',
      status: 'failed',
      progress: 0,
      error: 'Too large',
    };
    expect(itemsOfUploads([running, failed], { before, gallery: [...before, 'a'] }).size).toBe(0);
  });
});
