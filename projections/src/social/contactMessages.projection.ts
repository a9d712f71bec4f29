import type { ContactEvent } from '@boli/engine/social/contact.events';
import { CONTACT_EVENT_TYPES } from '@boli/engine/social/contact.events';
import { defineProjection } from '../runtime/projection.ts';

/**
 * The support inbox: one row per contact message, newest first for support staff, with whether
 * and by whom it was handled (version 2). A batch inserts the messages it received, then applies
 * the marks in log order; a replayed message is ignored, and a replayed mark sets what it set.
 */
export const contactMessagesProjection = defineProjection({
  name: 'contact_messages',
  version: 2,
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
          // Null while the message waits for support.
          t.timestamp('handled_at', { useTz: true });
          t.text('handled_by');
        }),
    },
  },
  async handleBatch(trx, batch, tables) {
    const events = batch as unknown as ContactEvent[];
    const rows = events.flatMap((event) => {
      if (event.type !== 'ContactMessageReceived') return [];
      const { messageId, sentBy, receivedAt, ...form } = event.data;
      return [{ message_id: messageId, sent_by: sentBy, received_at: receivedAt, ...form }];
    });
    if (rows.length > 0)
      await trx(tables.contact_messages).insert(rows).onConflict('message_id').ignore();
    for (const event of events) {
      if (event.type === 'ContactMessageReceived') continue;
      const mark =
        event.type === 'ContactMessageHandled'
          ? { handled_at: event.data.handledAt, handled_by: event.data.handledBy }
          : { handled_at: null, handled_by: null };
      await trx(tables.contact_messages).where('message_id', event.data.messageId).update(mark);
    }
  },
});
