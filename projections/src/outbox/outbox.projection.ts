import type { Knex } from 'knex';
import type { RecordedEvent } from '@boli/engine/eventStore/eventStore';
import { defineProjection, type PhysicalTables } from '../runtime/projection.ts';
import {
  PASSWORD_CHANGED_KIND,
  passwordChangedNotice,
  renderMessage,
  type MessageKind,
  type RenderedMessage,
} from './outbox.messages.ts';
import {
  acknowledgedSince,
  CONTACT_ACKNOWLEDGEMENT_KIND,
  contactAcknowledgement,
} from '../social/contactAcknowledgement.ts';
import type { ContactMessageReceived } from '@boli/engine/social/contact.events';

/**
 * The outbox: each event that asks for a message becomes one `outbox_messages` row, id = the
 * event's id. The clear secret (OTP code, link) is joined from `message_secrets` by that id, so it
 * never enters the log; no secret (purged, or never written) → no message. Delivery state lives
 * in `outbox_deliveries`, outside this read model, so a rebuild never sends anything again.
 */

type Tables = 'outbox_messages' | 'outbox_recipients';

/** Which message each event asks for. */
const KIND_OF: Readonly<Record<string, MessageKind>> = {
  AccountRegistered: 'verifyEmail',
  VerificationEmailResent: 'verifyEmail',
  OtpIssued: 'otp',
  PasswordResetRequested: 'passwordReset',
};

/** The events after which the member is told their password changed (`passwordChangedNotice`). */
const PASSWORD_CHANGES = ['PasswordChanged', 'PasswordReset'];

/** A notice not sent within a day is no longer worth sending. */
const NOTICE_VALID_MS = 24 * 3600_000;

type Recipient = { user_id: string; email: string; phone: string; firstname: string };

async function recipientOf(
  trx: Knex.Transaction,
  tables: PhysicalTables<Tables>,
  userId: string,
): Promise<Recipient | undefined> {
  return trx(tables.outbox_recipients).where({ user_id: userId }).first();
}

/** Whether another acknowledgement went to this address (any case) in the window before it. */
async function acknowledgedLately(
  trx: Knex.Transaction,
  tables: PhysicalTables<Tables>,
  message: { id: string; recipient: string; created_at: Date },
): Promise<boolean> {
  const earlier = await trx(tables.outbox_messages)
    .where({ kind: CONTACT_ACKNOWLEDGEMENT_KIND })
    .whereRaw('lower(recipient) = lower(?)', [message.recipient])
    .where('created_at', '>', acknowledgedSince(message.created_at))
    .whereNot({ id: message.id })
    .first('id');
  return earlier !== undefined;
}

async function handle(
  trx: Knex.Transaction,
  event: RecordedEvent,
  tables: PhysicalTables<Tables>,
): Promise<void> {
  const data = event.data as Record<string, string>;
  // A number changed before it was verified: the next code goes to the new one.
  if (event.type === 'PhoneChanged') {
    await trx(tables.outbox_recipients)
      .where({ user_id: data.userId })
      .update({ phone: `${data.phoneCode}${data.phone}` });
    return;
  }
  if (event.type === 'AccountRegistered') {
    await trx(tables.outbox_recipients)
      .insert({
        user_id: data.userId,
        email: data.email,
        phone: `${data.phoneCode}${data.phone}`,
        firstname: data.firstname ?? '',
      })
      .onConflict('user_id')
      .ignore();
  }
  // A contact message is acknowledged to the address it came from (no account, no secret), once
  // in a while at most: the time is the event's, so a rebuild decides as the first run did.
  if (event.type === 'ContactMessageReceived') {
    const message = contactAcknowledgement(
      event as RecordedEvent<string, ContactMessageReceived['data']>,
    );
    if (await acknowledgedLately(trx, tables, message)) return;
    await trx(tables.outbox_messages).insert(message).onConflict('id').ignore();
    return;
  }
  if (PASSWORD_CHANGES.includes(event.type)) {
    const recipient = await recipientOf(trx, tables, data.userId ?? '');
    if (!recipient) return;
    const message = passwordChangedNotice(recipient, event.recordedAt.toISOString());
    const expiresAt = new Date(event.recordedAt.getTime() + NOTICE_VALID_MS);
    await keep(trx, tables, { event, recipient, kind: PASSWORD_CHANGED_KIND, message, expiresAt });
    return;
  }
  // A code to log in with says so, apart from the phone check's.
  const kind =
    event.type === 'OtpIssued' && data.purpose === 'signIn' ? 'signInOtp' : KIND_OF[event.type];
  if (!kind) return;
  const secret: { secret: string; expires_at: Date } | undefined = await trx('message_secrets')
    .where({ event_id: event.metadata.eventId })
    .first('secret', 'expires_at');
  const recipient = await recipientOf(trx, tables, data.userId ?? '');
  if (!secret || !recipient) return;
  const message = renderMessage(kind, secret.secret, recipient);
  await keep(trx, tables, { event, recipient, kind, message, expiresAt: secret.expires_at });
}

type OutboxEntry = {
  readonly event: RecordedEvent;
  readonly recipient: Recipient;
  readonly kind: string;
  readonly message: RenderedMessage;
  readonly expiresAt: Date;
};

/** The message an event asks for, as its outbox row (id = the event's: written once). */
async function keep(
  trx: Knex.Transaction,
  tables: PhysicalTables<Tables>,
  { event, recipient, kind, message, expiresAt }: OutboxEntry,
): Promise<void> {
  await trx(tables.outbox_messages)
    .insert({
      id: event.metadata.eventId,
      user_id: recipient.user_id,
      kind,
      channel: message.channel,
      recipient: message.channel === 'email' ? recipient.email : recipient.phone,
      subject: message.subject,
      text: message.text,
      created_at: event.recordedAt,
      expires_at: expiresAt,
    })
    .onConflict('id')
    .ignore();
}

async function createOutboxMessagesTable(trx: Knex.Transaction, table: string): Promise<void> {
  await trx.schema.createTable(table, (t) => {
    t.uuid('id').primary();
    t.text('user_id').notNullable();
    t.text('kind').notNullable();
    t.text('channel').notNullable();
    t.text('recipient').notNullable();
    t.text('subject').notNullable();
    t.text('text').notNullable();
    t.timestamp('created_at', { useTz: true }).notNullable();
    t.timestamp('expires_at', { useTz: true }).notNullable().index(`${table}_expires`);
  });
  await trx.raw('CREATE INDEX ?? ON ?? (lower(recipient), kind, created_at)', [
    `${table}_recipient`,
    table,
  ]);
}

export const outboxProjection = defineProjection<Tables>({
  name: 'outbox',
  // 2: acknowledgements looked up by address (`acknowledgedLately`). 3: password-change notices.
  version: 3,
  handles: [...Object.keys(KIND_OF), ...PASSWORD_CHANGES, 'ContactMessageReceived', 'PhoneChanged'],
  tables: {
    outbox_recipients: {
      create: (trx, table) =>
        trx.schema.createTable(table, (t) => {
          t.text('user_id').primary();
          t.text('email').notNullable();
          t.text('phone').notNullable();
          t.text('firstname').notNullable();
        }),
    },
    outbox_messages: { create: createOutboxMessagesTable },
  },
  handle,
});
