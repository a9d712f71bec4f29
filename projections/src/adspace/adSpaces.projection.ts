import type { Knex } from 'knex';
import {
  AD_SPACE_EVENT_TYPES,
  type AdSpaceActivated,
  type AdSpaceEvent,
} from '@boli/engine/adspace/adSpace.events';
import { defineProjection } from '../runtime/projection.ts';

/*
 * Every ad space — bought, or won in a slot auction — with its cycle and the creative it shows:
 * the member's spaces and what the site shows now (`adspace.queries.ts`).
 */

async function createAdSpacesTable(trx: Knex.Transaction, table: string): Promise<void> {
  await trx.schema.createTable(table, (t) => {
    t.text('space_id').primary();
    t.text('user_id').notNullable().index(`${table}_user_idx`);
    t.text('space_type').notNullable();
    t.text('cycle').notNullable();
    t.text('source_kind').notNullable();
    t.text('purchase_id');
    t.text('slot_date');
    t.timestamp('starts_at', { useTz: true }).notNullable();
    t.timestamp('ends_at', { useTz: true }).notNullable();
    t.timestamp('activated_at', { useTz: true }).notNullable();
    t.text('company').notNullable();
    t.text('creative_type');
    t.text('creative_name');
    t.text('creative_thumbnail');
    t.text('creative_link');
    t.timestamp('creative_uploaded_at', { useTz: true });
    t.index(['space_type', 'ends_at', 'starts_at'], `${table}_showing_idx`);
  });
}

function activatedRow({ data }: AdSpaceActivated) {
  return {
    space_id: data.spaceId,
    user_id: data.userId,
    space_type: data.spaceType,
    cycle: data.cycle,
    source_kind: data.source.kind,
    purchase_id: data.source.kind === 'purchase' ? data.source.purchaseId : null,
    slot_date: data.source.kind === 'slot' ? data.source.slotdate : null,
    starts_at: data.startsAt,
    ends_at: data.endsAt,
    activated_at: data.activatedAt,
    company: data.company,
  };
}

/** Replays are harmless: a space is inserted once; a creative overwrites in log order. */
export const adSpacesProjection = defineProjection({
  name: 'ad_spaces',
  // v2: the creative's link.
  version: 2,
  handles: AD_SPACE_EVENT_TYPES,
  tables: { ad_spaces: { create: createAdSpacesTable } },
  async handle(trx, recorded, tables) {
    const event = recorded as unknown as AdSpaceEvent;
    switch (event.type) {
      case 'AdSpaceActivated':
        await trx(tables.ad_spaces).insert(activatedRow(event)).onConflict('space_id').ignore();
        return;
      case 'CreativeUploaded':
        await trx(tables.ad_spaces)
          .where({ space_id: event.data.spaceId })
          .update({
            company: event.data.company,
            creative_type: event.data.galleryType,
            creative_name: event.data.name,
            creative_thumbnail: event.data.thumbnail,
            creative_link: event.data.link ?? '',
            creative_uploaded_at: event.data.uploadedAt,
          });
        return;
      default: {
        const unexpected: never = event;
        throw new Error(`ad_spaces cannot handle ${JSON.stringify(unexpected)}`);
      }
    }
  },
});
