import { describe, expect, it } from 'vitest';
import { createImpressionLog, shownAt, streamLayout, type StreamItem } from './rotation.ts';

describe('active creatives take turns', () => {
  const ads = ['a', 'b', 'c'];

  it('moves every place on by one at each step, starting one apart', () => {
    expect([0, 1, 2, 3].map((tick) => shownAt(ads, 0, tick))).toEqual(['a', 'b', 'c', 'a']);
    expect([0, 1, 2, 3].map((tick) => shownAt(ads, 1, tick))).toEqual(['b', 'c', 'a', 'b']);
  });

  it('shows the one creative everywhere when only one is active, and nothing without any', () => {
    expect([0, 5].map((tick) => shownAt(['solo'], 3, tick))).toEqual(['solo', 'solo']);
    expect(shownAt([], 0, 0)).toBeNull();
  });
});

const rules = { inStreamEvery: 4, betweenPostsEvery: 8, inStream: true, betweenPosts: true };
const kinds = (items: StreamItem[]) =>
  items.map((item) => (item.kind === 'post' ? `p${item.index}` : `${item.kind}${item.slot}`));

describe('the ad list makes room for ads', () => {
  it('puts an in-stream card after every 4 posts and a banner after every 8', () => {
    expect(kinds(streamLayout(9, rules))).toEqual([
      'p0',
      'p1',
      'p2',
      'p3',
      'inStream0',
      'p4',
      'p5',
      'p6',
      'p7',
      'inStream1',
      'betweenPosts0',
      'p8',
    ]);
  });

  it('still shows both after the last post of a short list', () => {
    expect(kinds(streamLayout(2, rules))).toEqual(['p0', 'p1', 'inStream0', 'betweenPosts0']);
  });

  it('makes no room for a kind with no active creative, nor in an empty list', () => {
    expect(kinds(streamLayout(4, { ...rules, inStream: false }))).toEqual([
      'p0',
      'p1',
      'p2',
      'p3',
      'betweenPosts0',
    ]);
    expect(streamLayout(0, rules)).toEqual([]);
  });

  it('keeps every post once and in order', () => {
    const posts = streamLayout(37, rules).filter((item) => item.kind === 'post');
    expect(posts.map((item) => (item.kind === 'post' ? item.index : -1))).toEqual(
      Array.from({ length: 37 }, (_, index) => index),
    );
  });
});

describe('impressions are counted once per creative per page view', () => {
  it('counts a creative the first time a page view shows it, and again in the next view', () => {
    const log = createImpressionLog();
    expect(log.first('view-1', 'space-a')).toBe(true);
    expect(log.first('view-1', 'space-a')).toBe(false);
    expect(log.first('view-1', 'space-b')).toBe(true);
    expect(log.first('view-2', 'space-a')).toBe(true);
    expect(log.first('view-2', 'space-a')).toBe(false);
  });
});
