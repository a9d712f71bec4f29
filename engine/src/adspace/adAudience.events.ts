import type { DomainEvent } from '../shared/decider.ts';

/*
 * Who saw and clicked a space's creative: one fact per impression or click the web reports (it
 * sends at most one impression per creative per page view). Appended without a decision — a
 * count has no rule to keep — to one stream per space and India date, `adaudience-<spaceId>-<date>`,
 * so no stream grows without end.
 */

export const adAudienceStream = (spaceId: string, date: string): string =>
  `adaudience-${spaceId}-${date}`;

type Seen = { readonly spaceId: string; readonly date: string; readonly at: string };

export type AdImpressionRecorded = DomainEvent<'AdImpressionRecorded', Seen>;
export type AdClickRecorded = DomainEvent<'AdClickRecorded', Seen>;

export type AdAudienceEvent = AdImpressionRecorded | AdClickRecorded;

export const AD_AUDIENCE_EVENT_TYPES = [
  'AdImpressionRecorded',
  'AdClickRecorded',
] as const satisfies readonly AdAudienceEvent['type'][];
