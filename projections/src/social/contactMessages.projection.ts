import type { ContactMessageReceived } from '@boli/engine/social/contact.events';
import { CONTACT_EVENT_TYPES } from '@boli/engine/social/contact.events';
import { defineProjection } from '../runtime/projection.ts';

/** The support inbox: one row per contact message, newest first for support staff. */
export const contactMessagesProjection = defineProjection({
  name: 'contact_messages',
  version: 1,
  handles: CONTACT_EVENT_TYPES,
  tables: {
    contact_messages: {
      create: (trx, table) =>
        trx.schema.createTable(table, (t) => {
          t.text('message_id').primary();
          t.text('sent_by');
          for (const column of [
            'country',
            'firstname',
            'lastname',
            'email',
            'mobile',
            'description',
            'subject',
          ]) {
            t.text(column).notNullable();
          }
          t.timestamp('received_at', { useTz: true }).notNullable().index(`${table}_received`);
        }),
    },
  },
  async handleBatch(trx, events, tables) {
    const rows = events.map((event) => {
      const { messageId, sentBy, receivedAt, ...form } = (
        event as unknown as ContactMessageReceived
      ).data;
      return { message_id: messageId, sent_by: sentBy, received_at: receivedAt, ...form };
    });
    if (rows.length > 0)
      await trx(tables.contact_messages).insert(rows).onConflict('message_id').ignore();
  },
});
