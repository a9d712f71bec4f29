import { describe, expect, it } from 'vitest';
import { parseAnnouncements } from './checkpointListener.ts';

describe('checkpoint announcements', () => {
  it('reads one build moved, or several moved together', () => {
    expect(parseAnnouncements('bids 12.3')).toEqual([['bids', { commit: 12n, prepare: 3n }]]);
    expect(parseAnnouncements('ads 12.3;users 12.4')).toEqual([
      ['ads', { commit: 12n, prepare: 3n }],
      ['users', { commit: 12n, prepare: 4n }],
    ]);
  });

  it('leaves out what is not an announcement', () => {
    expect(parseAnnouncements(undefined)).toEqual([]);
    expect(parseAnnouncements('bids;ads x.y; 1.2;users 7.8')).toEqual([
      ['users', { commit: 7n, prepare: 8n }],
    ]);
  });
});
