import type { MobileRequestEvent } from '@boli/engine/social/mobileRequest.events';
import { MOBILE_REQUEST_EVENT_TYPES } from '@boli/engine/social/mobileRequest.events';
import { STATUS_AFTER_EVENT } from '@boli/engine/social/mobileRequest.machine';
import { defineProjection } from '../runtime/projection.ts';

/**
 * One row per pair's request: who asked whom, and where the consent stands. Read by the status
 * call, the notification list (requestStatus) and the profile (an approved viewer sees the
 * number). An event at or below the row's `last_version` was applied already.
 */
export const mobileRequestsProjection = defineProjection({
  name: 'mobile_requests',
  version: 1,
  handles: MOBILE_REQUEST_EVENT_TYPES,
  tables: {
    mobile_requests: {
      create: async (trx, table) => {
        await trx.schema.createTable(table, (t) => {
          t.text('request_id').primary();
          t.text('requested_by').notNullable();
          t.text('requested_to').notNullable();
          t.text('status').notNullable();
          t.timestamp('requested_at', { useTz: true }).notNullable();
          t.timestamp('updated_at', { useTz: true }).notNullable();
          t.integer('last_version').notNullable();
          t.unique(['requested_to', 'requested_by'], { indexName: `${table}_pair_key` });
        });
      },
    },
  },
  async handle(trx, recorded, tables) {
    const event = recorded as unknown as MobileRequestEvent & { streamVersion: number };
    const { requestId, requestedBy, requestedTo } = event.data;
    const now = recorded.metadata.now;
    const status = STATUS_AFTER_EVENT[event.type];
    await trx(tables.mobile_requests)
      .insert({
        request_id: requestId,
        requested_by: requestedBy,
        requested_to: requestedTo,
        status,
        requested_at: now,
        updated_at: now,
        last_version: recorded.streamVersion,
      })
      .onConflict('request_id')
      .merge({
        status,
        updated_at: now,
        last_version: recorded.streamVersion,
        ...(event.type === 'MobileNumberRequested' ? { requested_at: now } : {}),
      })
      .where(`${tables.mobile_requests}.last_version`, '<', recorded.streamVersion);
  },
});
