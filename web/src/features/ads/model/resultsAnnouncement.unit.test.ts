import { describe, expect, it } from 'vitest';
import { MESSAGES } from '@boli/engine/shared/messages';
import { resultsAnnouncement } from './resultsAnnouncement.ts';

describe('what a screen reader is told of an ad list', () => {
  it('says nothing while it loads or has failed (the failure speaks for itself)', () => {
    expect(resultsAnnouncement(true, null, 20, true)).toBe('');
    expect(resultsAnnouncement(false, 'Something went wrong', 0, false)).toBe('');
  });

  it('says how many ads are shown, whether more can be loaded, or that there are none', () => {
    expect(resultsAnnouncement(false, null, 0, false)).toBe(MESSAGES.noAdsAvailable);
    expect(resultsAnnouncement(false, null, 1, false)).toBe('1 ad shown.');
    expect(resultsAnnouncement(false, null, 20, true)).toBe('20 ads shown; Load More for more.');
  });
});
