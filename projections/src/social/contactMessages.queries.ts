import type { Knex } from 'knex';

/** Section 3's Contact message as support staff read it. */
export type ContactMessage = {
  readonly _id: string;
  readonly sentBy: string | null;
  readonly country: string;
  readonly firstname: string;
  readonly lastname: string;
  readonly email: string;
  readonly mobile: string;
  readonly description: string;
  readonly subject: string;
  readonly createdAt: string;
};

export type ContactMessagePage = {
  readonly messages: ContactMessage[];
  readonly page: number;
  readonly totalPages: number;
};

/** Newest first; `page` zero-based. */
export async function listContactMessages(
  db: Knex,
  { page, pageSize }: { page: number; pageSize: number },
): Promise<ContactMessagePage> {
  const [counted] = await db('contact_messages').count<{ n: string }[]>({ n: '*' });
  const rows = await db('contact_messages')
    .orderBy([
      { column: 'received_at', order: 'desc' },
      { column: 'message_id', order: 'asc' },
    ])
    .limit(pageSize)
    .offset(page * pageSize);
  return {
    messages: rows.map((row) => ({
      _id: row.message_id,
      sentBy: row.sent_by,
      country: row.country,
      firstname: row.firstname,
      lastname: row.lastname,
      email: row.email,
      mobile: row.mobile,
      description: row.description,
      subject: row.subject,
      createdAt: new Date(row.received_at).toISOString(),
    })),
    page,
    totalPages: Math.ceil(Number(counted?.n ?? 0) / pageSize),
  };
}
