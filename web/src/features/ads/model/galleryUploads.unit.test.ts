import { describe, expect, it } from 'vitest';
import type { GalleryItemView } from '../ads.api.ts';
import { inChosenOrder, itemsOfUploads, mediaLabels, uploadOfItem } from './galleryUploads.ts';
import type { Upload } from './uploadQueue.ts';

const item = (name: string, added = false): GalleryItemView => ({
  galleryType: 'photos',
  name,
  url: `/media/${name}`,
  thumbnail: `/media/${name}`,
  ...(added ? { added: true as const } : {}),
});

/** A finished upload of `file` whose answer was `answer`, its own item being `own`. */
const uploaded = (
  id: string,
  file: string,
  answer: string[],
  own: string,
): Upload<GalleryItemView[]> => ({
  id,
  name: file,
  status: 'uploaded',
  progress: 1,
  result: answer.map((name) => item(name, name === own)),
});

describe('the upload rows of the media screen and the items they added', () => {
  it('one upload after another: each row has the item its answer marks as added', () => {
    const uploads = [
      uploaded('upload-1', 'rear.jpg', ['p1', 'p2', 'a'], 'a'),
      uploaded('upload-2', 'clip.mp4', ['p1', 'p2', 'a', 'b'], 'b'),
    ];
    const gallery = ['p1', 'p2', 'a', 'b'];
    expect(itemsOfUploads(uploads, gallery)).toEqual(
      new Map([
        ['upload-1', 'a'],
        ['upload-2', 'b'],
      ]),
    );
    expect(uploadOfItem(uploads, 'b', gallery)).toBe('upload-2');
    // Items that were there when the screen opened came from no row.
    expect(uploadOfItem(uploads, 'p1', gallery)).toBeUndefined();
  });

  it('uploads side by side, finished in another order than they were added: each its own item', () => {
    // img1 was added first but stored second; each answer holds the other's item too.
    const uploads = [
      uploaded('upload-1', 'img1.png', ['p1', 'b', 'a', 'c'], 'a'),
      uploaded('upload-2', 'img2.png', ['p1', 'b'], 'b'),
      uploaded('upload-3', 'img3.png', ['p1', 'b', 'a', 'c'], 'c'),
    ];
    const gallery = ['p1', 'b', 'a', 'c'];
    expect(itemsOfUploads(uploads, gallery)).toEqual(
      new Map([
        ['upload-1', 'a'],
        ['upload-2', 'b'],
        ['upload-3', 'c'],
      ]),
    );
    expect(uploadOfItem(uploads, 'a', gallery)).toBe('upload-1');
  });

  it('an item removed (or no longer shown) belongs to no row any more', () => {
    const uploads = [uploaded('upload-2', 'clip.mp4', ['p1', 'a', 'b'], 'b')];
    expect(uploadOfItem(uploads, 'b', ['p1', 'a'])).toBeUndefined();
    expect(itemsOfUploads(uploads, ['p1', 'a']).size).toBe(0);
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
    expect(itemsOfUploads([running, failed], ['p1', 'a']).size).toBe(0);
  });
});

describe('mediaLabels', () => {
  it('names each item by its kind and place among its kind, not by its stored name', () => {
    const gallery = [
      { galleryType: 'photos' },
      { galleryType: 'videos' },
      { galleryType: 'photos' },
    ] as const;
    expect(mediaLabels(gallery)).toEqual(['Photo 1', 'Video 1', 'Photo 2']);
  });
});

describe('putting uploads back in the order their files were chosen', () => {
  // img1, img2, img3 chosen in that order; stored b (img2), a (img1), c (img3) after p1.
  const uploads = [
    uploaded('upload-1', 'img1.png', ['p1', 'b', 'a', 'c'], 'a'),
    uploaded('upload-2', 'img2.png', ['p1', 'b'], 'b'),
    uploaded('upload-3', 'img3.png', ['p1', 'b', 'a', 'c'], 'c'),
  ];

  it('reorders the batch within the places it holds, leaving the others', () => {
    expect(inChosenOrder(uploads, ['p1', 'b', 'a', 'c'])).toEqual(['p1', 'a', 'b', 'c']);
    // A photo the member moved between them keeps its place.
    expect(inChosenOrder(uploads, ['b', 'p1', 'a', 'c'])).toEqual(['a', 'p1', 'b', 'c']);
  });

  it('asks nothing when they are in that order already', () => {
    expect(inChosenOrder(uploads, ['p1', 'a', 'b', 'c'])).toBeNull();
    expect(inChosenOrder(uploads.slice(1, 2), ['p1', 'b', 'a', 'c'])).toBeNull();
  });
});
