import type { AdEvent } from '@boli/engine/ads/ad.events';
import { defineProjection } from '../runtime/projection.ts';
import { AD_ROW_EVENT_TYPES, evolveAdRow, type AdRow } from './ads.evolve.ts';
import {
  AD_COLUMNS,
  createAdSearchTable,
  createAdsTable,
  createAdWordsTable,
  SEARCH_VECTOR_SQL,
  fromStored,
  toStored,
  type StoredAd,
} from './ads.table.ts';

/**
 * One row per ad (section 3's Ad, its gallery and its bidding state) for the ad list, search, My
 * Ads and the ad page; and the word list the search mends typos with. A batch loads the rows it
 * touches, folds its events in log order and writes each changed row once. An event at or below
 * a row's `last_version` was applied already and is skipped, so replaying the log changes nothing.
 */
export const adsProjection = defineProjection({
  name: 'ads',
  version: 1,
  handles: AD_ROW_EVENT_TYPES,
  tables: {
    ads: { create: createAdsTable },
    ad_search: { create: createAdSearchTable },
    ad_words: { create: createAdWordsTable },
  },
  async handleBatch(trx, events, tables) {
    const adIdOf = (event: (typeof events)[number]) => (event.data as { adId: string }).adId;
    const ids = [...new Set(events.map(adIdOf))];
    const stored: (StoredAd & { last_version: number })[] = await trx(tables.ads)
      .select([...AD_COLUMNS, 'last_version'])
      .whereIn('ad_id', ids);
    const state = new Map<string, { row: AdRow | undefined; version: number }>(
      stored.map((raw) => [raw.ad_id, { row: fromStored(raw), version: raw.last_version }]),
    );
    const changed = new Set<string>();
    for (const event of events) {
      const adId = adIdOf(event);
      const current = state.get(adId) ?? { row: undefined, version: -1 };
      if (event.streamVersion <= current.version) continue;
      const row = evolveAdRow(current.row, event as unknown as AdEvent);
      state.set(adId, { row, version: event.streamVersion });
      if (row !== undefined && row !== current.row) changed.add(adId);
    }
    const writes = [...changed].map((adId) => {
      const { row, version } = state.get(adId)!;
      return toStored(row!, version);
    });
    if (writes.length === 0) return;
    await trx(tables.ads).insert(writes).onConflict('ad_id').merge();
    const adIds = [...changed];
    await trx.raw(
      `INSERT INTO ?? (ad_id, created_at, search_vector)
       SELECT ad_id, created_at, ${SEARCH_VECTOR_SQL} FROM ?? WHERE ad_id = ANY(?)
       ON CONFLICT (ad_id) DO UPDATE
         SET created_at = EXCLUDED.created_at, search_vector = EXCLUDED.search_vector`,
      [tables.ad_search, tables.ads, adIds],
    );
    // The word list only grows: a word no ad holds any more only offers a correction that
    // then matches nothing.
    await trx.raw(
      `INSERT INTO ?? (word)
       SELECT DISTINCT lexeme FROM ??, unnest(search_vector) AS w(lexeme)
        WHERE ad_id = ANY(?)
       ON CONFLICT (word) DO NOTHING`,
      [tables.ad_words, tables.ad_search, adIds],
    );
  },
});
