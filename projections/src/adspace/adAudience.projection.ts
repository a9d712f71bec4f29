import type { Knex } from 'knex';
import {
  AD_AUDIENCE_EVENT_TYPES,
  type AdAudienceEvent,
} from '@boli/engine/adspace/adAudience.events';
import type { GlobalPosition, RecordedEvent } from '@boli/engine/eventStore/eventStore';
import { defineProjection } from '../runtime/projection.ts';

/*
 * Impressions and clicks per space and India date. Each row remembers the log position of the
 * last event it counted, so a replayed event (the checkpoint moved back) is not counted twice.
 */

async function createAudienceTable(trx: Knex.Transaction, table: string): Promise<void> {
  await trx.schema.createTable(table, (t) => {
    t.text('space_id').notNullable();
    t.text('day').notNullable();
    t.integer('impressions').notNullable();
    t.integer('clicks').notNullable();
    t.bigInteger('last_commit').notNullable();
    t.bigInteger('last_prepare').notNullable();
    t.primary(['space_id', 'day']);
  });
}

type AudienceRow = {
  space_id: string;
  day: string;
  impressions: number;
  clicks: number;
  last_commit: string;
  last_prepare: string;
};

const after = (a: GlobalPosition, row: AudienceRow): boolean => {
  const commit = BigInt(row.last_commit);
  return a.commit > commit || (a.commit === commit && a.prepare > BigInt(row.last_prepare));
};

export const adAudienceProjection = defineProjection({
  name: 'ad_audience',
  version: 1,
  handles: AD_AUDIENCE_EVENT_TYPES,
  tables: { ad_audience: { create: createAudienceTable } },
  async handleBatch(trx, events: RecordedEvent[], tables) {
    const keyOf = (spaceId: string, day: string) => `${spaceId}/${day}`;
    const keys = [
      ...new Set(
        events.map((e) => {
          const { spaceId, date } = (e as unknown as AdAudienceEvent).data;
          return keyOf(spaceId, date);
        }),
      ),
    ];
    const existing: AudienceRow[] = await trx(tables.ad_audience).whereRaw(
      `space_id || '/' || day = ANY(?)`,
      [keys],
    );
    const rows = new Map(existing.map((row) => [keyOf(row.space_id, row.day), row]));
    for (const recorded of events) {
      const event = recorded as unknown as AdAudienceEvent;
      const key = keyOf(event.data.spaceId, event.data.date);
      const row = rows.get(key) ?? {
        space_id: event.data.spaceId,
        day: event.data.date,
        impressions: 0,
        clicks: 0,
        last_commit: '0',
        last_prepare: '0',
      };
      if (!after(recorded.position, row)) continue;
      rows.set(key, {
        ...row,
        impressions: row.impressions + (event.type === 'AdImpressionRecorded' ? 1 : 0),
        clicks: row.clicks + (event.type === 'AdClickRecorded' ? 1 : 0),
        last_commit: recorded.position.commit.toString(),
        last_prepare: recorded.position.prepare.toString(),
      });
    }
    if (rows.size === 0) return;
    await trx(tables.ad_audience)
      .insert([...rows.values()])
      .onConflict(['space_id', 'day'])
      .merge();
  },
});
