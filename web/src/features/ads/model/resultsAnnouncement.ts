import { MESSAGES } from '@boli/engine/shared/messages';
import { countOf } from '../../../lib/format.ts';

/** What a screen reader is told once a list (a search, a filter, Load More) has come in. */
export function resultsAnnouncement(
  loading: boolean,
  error: string | null | undefined,
  count: number,
  hasMore: boolean,
): string {
  if (loading || error) return '';
  if (count === 0) return MESSAGES.noAdsAvailable;
  const shown = `${countOf(count, 'ad')} shown`;
  return hasMore ? `${shown}; Load More for more.` : `${shown}.`;
}
