import { describe, expect, it } from 'vitest';
import {
  postAdBodyOf,
  postAdFormData,
  postAdItemName,
  samePost,
  type PostAdBody,
} from './postAdBody.ts';

const body: PostAdBody = {
  fields: [
    ['itemName', 'Brass lamp'],
    ['price', '1500'],
  ],
  stagedIds: ['s-1', 's-2'],
};

describe('a Post Ad! body kept with its key', () => {
  it('reads back as it was sent, and says its item', () => {
    const kept = postAdBodyOf(JSON.parse(JSON.stringify(body)));
    expect(kept).toEqual(body);
    expect(postAdItemName(kept!)).toBe('Brass lamp');
  });

  it('is none when what was kept is something else', () => {
    expect(postAdBodyOf(null)).toBeNull();
    expect(postAdBodyOf({ bidamt: 1201 })).toBeNull();
    expect(postAdBodyOf({ fields: [['itemName']], stagedIds: ['s-1'] })).toBeNull();
    expect(postAdBodyOf({ fields: [], stagedIds: [7] })).toBeNull();
    // Nothing to post without a photo or video.
    expect(postAdBodyOf({ fields: body.fields, stagedIds: [] })).toBeNull();
  });

  it('is sent as the form the api reads: each field, then each staged id', () => {
    const form = postAdFormData(body);
    expect([...form.entries()]).toEqual([
      ['itemName', 'Brass lamp'],
      ['price', '1500'],
      ['stagedId', 's-1'],
      ['stagedId', 's-2'],
    ]);
  });
});

describe('a post sent while another waits', () => {
  it('is the same post with the same fields, whatever its files; another ad is not', () => {
    const again = { ...body, stagedIds: ['s-7'] };
    expect(samePost(body, again)).toBe(true);
    const renamed: PostAdBody = {
      ...again,
      fields: [['itemName', 'Brass lamp, pair'], body.fields[1]!],
    };
    expect(samePost(body, renamed)).toBe(false);
    expect(samePost(null, again)).toBe(false);
  });
});
