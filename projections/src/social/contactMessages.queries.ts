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
  /** When support marked it handled, and who; null while it waits. */
  readonly handledAt: string | null;
  readonly handledBy: { readonly userId: string; readonly username: string | null } | null;
};

/** Which messages a page lists: those waiting for support, those handled, or every one. */
export const CONTACT_MESSAGE_FILTERS = ['open', 'handled', 'all'] as const;
export type ContactMessageFilter = (typeof CONTACT_MESSAGE_FILTERS)[number];

export type ContactMessagePage = {
  readonly messages: ContactMessage[];
  readonly page: number;
  readonly totalPages: number;
};

/** Newest first; `page` zero-based. */
export async function listContactMessages(
  db: Knex,
  {
    page,
    pageSize,
    filter = 'all',
  }: { page: number; pageSize: number; filter?: ContactMessageFilter },
): Promise<ContactMessagePage> {
  const filtered = () => {
    const query = db('contact_messages as m');
    if (filter === 'open') query.whereNull('m.handled_at');
    if (filter === 'handled') query.whereNotNull('m.handled_at');
    return query;
  };
  const [counted] = await filtered().count<{ n: string }[]>({ n: '*' });
  const rows = await filtered()
    .leftJoin('users as u', 'u.user_id', 'm.handled_by')
    .select('m.*', 'u.username as handled_by_username')
    .orderBy([
      { column: 'm.received_at', order: 'desc' },
      { column: 'm.message_id', order: 'asc' },
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
      handledAt: row.handled_at ? new Date(row.handled_at).toISOString() : null,
      handledBy: row.handled_by
        ? { userId: row.handled_by, username: row.handled_by_username ?? null }
        : null,
    })),
    page,
    totalPages: Math.ceil(Number(counted?.n ?? 0) / pageSize),
  };
}
