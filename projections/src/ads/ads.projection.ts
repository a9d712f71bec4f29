import type { AccountBlocked, AccountUnblocked } from '@boli/engine/accounts/account.events';
import type { AdEvent } from '@boli/engine/ads/ad.events';
import type { Knex } from 'knex';
import type { RecordedEvent } from '@boli/engine/eventStore/eventStore';
import { foldRows } from '../runtime/foldRows.ts';
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
import { isOneOf } from '@boli/engine/shared/oneOf';

/** A member's block and its lifting: their ads leave the lists, the search and their pages. */
const OWNER_EVENT_TYPES = ['AccountBlocked', 'AccountUnblocked'] as const;
type OwnerEvent = AccountBlocked | AccountUnblocked;
const isOwnerEvent = (event: { type: string }): boolean => isOneOf(OWNER_EVENT_TYPES, event.type);

/**
 * One row per ad (section 3's Ad, its gallery and its bidding state) for the ad list, search, My
 * Ads and the ad page; and the word list the search mends typos with. A batch loads the rows it
 * touches, folds its events in log order and writes each changed row once. An event at or below
 * a row's `last_version` was applied already and is skipped, so replaying the log changes nothing.
 * A blocked member's ads are marked `owner_blocked` and their search documents removed, till the
 * block is lifted; setting a mark again changes nothing either.
 */
export const adsProjection = defineProjection({
  name: 'ads',
  // v3: the search document names the ad's neighbourhood, district and state. v4: its words are
  // compared as `searchableSql` writes them (NFC, no joiners, one spelling of each chillu).
  version: 4,
  handles: [...AD_ROW_EVENT_TYPES, ...OWNER_EVENT_TYPES],
  tables: {
    ads: { create: createAdsTable },
    ad_search: { create: createAdSearchTable },
    ad_words: { create: createAdWordsTable },
  },
  async handleBatch(trx, batch, tables) {
    await writeAdRows(
      trx,
      batch.filter((event) => !isOwnerEvent(event)),
      tables,
    );
    // After the rows: the batch's last word on each owner holds for all their ads, those it
    // posted too.
    const blocked = new Map<string, boolean>();
    for (const event of batch.filter(isOwnerEvent) as unknown as OwnerEvent[]) {
      blocked.set(event.data.userId, event.type === 'AccountBlocked');
    }
    if (blocked.size > 0) await markBlockedOwners(trx, blocked, tables);
  },
});

type Tables = { readonly ads: string; readonly ad_search: string; readonly ad_words: string };

/** The ad events of a batch, folded into their rows; changed rows written with their documents. */
async function writeAdRows(
  trx: Knex.Transaction,
  events: readonly RecordedEvent[],
  tables: Tables,
): Promise<void> {
  if (events.length === 0) return;
  const adIdOf = (event: (typeof events)[number]) => (event.data as { adId: string }).adId;
  const ids = [...new Set(events.map(adIdOf))];
  const stored: (StoredAd & { last_version: number })[] = await trx(tables.ads)
    .select([...AD_COLUMNS, 'last_version'])
    .whereIn('ad_id', ids);
  const loaded = new Map(
    stored.map((raw) => [raw.ad_id, { row: fromStored(raw), version: raw.last_version }]),
  );
  const changed = foldRows<AdRow>(loaded, events, {
    keyOf: adIdOf,
    evolve: (row, event) => evolveAdRow(row, event as unknown as AdEvent),
  });
  const writes = [...changed.values()].map(({ row, version }) => toStored(row, version));
  if (writes.length === 0) return;
  await trx(tables.ads).insert(writes).onConflict('ad_id').merge();
  const adIds = [...changed.keys()];
  await writeSearchDocuments(trx, tables, 'ad_id = ANY(?)', [adIds]);
  // The word list only grows: a word no ad holds any more only offers a correction that
  // then matches nothing.
  await trx.raw(
    `INSERT INTO ?? (word)
       SELECT DISTINCT lexeme FROM ??, unnest(search_vector) AS w(lexeme)
        WHERE ad_id = ANY(?)
       ON CONFLICT (word) DO NOTHING`,
    [tables.ad_words, tables.ad_search, adIds],
  );
}

/** The search documents of the ads `where` names, but for blocked owners' (whose are removed). */
async function writeSearchDocuments(
  trx: Knex.Transaction,
  tables: Tables,
  where: string,
  bindings: Knex.RawBinding[],
): Promise<void> {
  await trx.raw(
    `INSERT INTO ?? (ad_id, created_at, search_vector)
     SELECT ad_id, created_at, ${SEARCH_VECTOR_SQL} FROM ?? WHERE ${where} AND NOT owner_blocked
     ON CONFLICT (ad_id) DO UPDATE
       SET created_at = EXCLUDED.created_at, search_vector = EXCLUDED.search_vector`,
    [tables.ad_search, tables.ads, ...bindings],
  );
}

/** Marks each owner's ads blocked or not; a blocked owner's ads leave the search, a freed one's return. */
async function markBlockedOwners(
  trx: Knex.Transaction,
  blocked: ReadonlyMap<string, boolean>,
  tables: Tables,
): Promise<void> {
  const owners = (isBlocked: boolean) =>
    [...blocked].filter(([, value]) => value === isBlocked).map(([userId]) => userId);
  const [blockedIds, freedIds] = [owners(true), owners(false)];
  if (blockedIds.length > 0) {
    await trx(tables.ads).whereIn('posted_by', blockedIds).update({ owner_blocked: true });
    await trx.raw(`DELETE FROM ?? WHERE ad_id IN (SELECT ad_id FROM ?? WHERE posted_by = ANY(?))`, [
      tables.ad_search,
      tables.ads,
      blockedIds,
    ]);
  }
  if (freedIds.length > 0) {
    await trx(tables.ads).whereIn('posted_by', freedIds).update({ owner_blocked: false });
    await writeSearchDocuments(trx, tables, 'posted_by = ANY(?)', [freedIds]);
  }
}
