import type { Knex } from 'knex';

/** What the email and SMS sandboxes received: the dev mailbox (`/dev/mailbox`). */
export type MailboxEntry = {
  id: number;
  channel: 'email' | 'sms';
  to: string;
  subject: string;
  text: string;
  receivedAt: Date;
};

export async function storeInMailbox(
  db: Knex,
  entry: Omit<MailboxEntry, 'id' | 'receivedAt'>,
): Promise<void> {
  await db('dev_mailbox').insert({
    channel: entry.channel,
    recipient: entry.to,
    subject: entry.subject,
    body: entry.text,
  });
}

export async function readMailbox(
  db: Knex,
  filter: { to?: string; limit?: number } = {},
): Promise<MailboxEntry[]> {
  const query = db('dev_mailbox')
    .orderBy('id', 'desc')
    .limit(filter.limit ?? 100);
  if (filter.to) query.where({ recipient: filter.to });
  const rows = await query;
  return rows.map((row) => ({
    id: Number(row.id),
    channel: row.channel,
    to: row.recipient,
    subject: row.subject,
    text: row.body,
    receivedAt: row.received_at,
  }));
}

export const mailboxMigration = {
  name: '20261121_0020_dev_mailbox',
  async up(knex: Knex) {
    await knex.schema.createTable('dev_mailbox', (table) => {
      table.bigIncrements('id');
      table.text('channel').notNullable();
      table.text('recipient').notNullable().index();
      table.text('subject').notNullable().defaultTo('');
      table.text('body').notNullable();
      table.timestamp('received_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    });
  },
  async down(knex: Knex) {
    await knex.schema.dropTable('dev_mailbox');
  },
};
