import type { Knex } from 'knex';
import type { GlobalPosition } from '@boli/engine/eventStore/eventStore';
import { LIMITS } from '@boli/engine/shared/limits';
import { answersRequest, type NotificationKind } from './notifications.evolve.ts';
import { editedDetailNames, notificationMessage } from './notifications.messages.ts';
import {
  MAILED_KINDS_SQL,
  type EmailedNoteKind,
  type NotedPurchase,
  type NoteToMail,
} from './noteEmails.ts';

/**
 * Section 3's Notification as GET /api/notification answers it: `_id`, `requestId`, `message`,
 * `requestStatus` (the request's status now — pending, approved, rejected or revoked — or null
 * when the notification is not about a request), plus what the menu links to.
 */
export type Notification = {
  readonly _id: string;
  readonly kind: NotificationKind;
  readonly message: string;
  readonly requestId: string | null;
  readonly requestStatus: string | null;
  /** True when the member is the one who answers the request (Approve / Reject buttons). */
  readonly canAnswer: boolean;
  readonly adId: string | null;
  readonly actorId: string | null;
  /** What a fulfilled purchase gave (adSlotSold, adSpaceActivated …): where its note leads. */
  readonly purchaseOutcome: string | null;
  /** The ad slot a note is about (outbid, offered, lapsed, bought); null for other notes. */
  readonly slot: { readonly type: string; readonly slotdate: string } | null;
  /** An edit's changed details, in the form's order ('price', 'address'); null for other notes. */
  readonly editedDetails: readonly string[] | null;
  readonly createdAt: string;
  /** `commit.prepare` of the event that caused it. */
  readonly position: string;
};

type Row = {
  id: string;
  user_id: string;
  kind: NotificationKind;
  actor_id: string | null;
  request_id: string | null;
  ad_id: string | null;
  params: Record<string, string | number> | string;
  created_at: Date;
  position_commit: string;
  position_prepare: string;
  actor_username: string | null;
  request_status: string | null;
  /** The ad's final call is made or its bidding closed (null for a note about no ad). */
  final_call_past: boolean | null;
  /** The ad's bidding closed (null for a note about no ad). */
  ad_closed: boolean | null;
  /** A request for a number: the latest ad of the member asked on which the asker bid. */
  asker_bid_on: string | null;
  /** … else the latest ad of the asker's on which the member asked bid. */
  asker_owns: string | null;
  /** The name of the ad the note is about (null for a note about no ad). */
  ad_name: string | null;
};

/**
 * The notes that are a member's own doing, a request or an answer or a review of theirs: left out
 * while that member is blocked, as their reviews and profile are (the note would lead to 'No Users
 * Found', and Approve would share a number with them).
 */
const FROM_THE_ACTOR: readonly NotificationKind[] = [
  'mobileRequest',
  'mobileRequestApproved',
  'mobileRequestRejected',
  'mobileRequestRevoked',
  'reviewReceived',
  'reviewEdited',
];
const FROM_THE_ACTOR_SQL = FROM_THE_ACTOR.map((kind) => `'${kind}'`).join(', ');

/**
 * The notifications as members read them. Those about an ad whose owner is blocked are left out
 * while the block lasts, as the ad is from every list and page: they would lead to 'Ad not found'
 * (a final call that ran out meanwhile told its top bidder the bid was theirs); so are those a
 * blocked member's own doing (`FROM_THE_ACTOR`). Lifted, they are back.
 */
const select = (db: Knex) =>
  db('notifications as n')
    .leftJoin('users as u', 'u.user_id', 'n.actor_id')
    .leftJoin('mobile_requests as r', 'r.request_id', 'n.request_id')
    .leftJoin('ads as a', 'a.ad_id', 'n.ad_id')
    .joinRaw(`LEFT JOIN LATERAL ${latestAdBidOn('n.user_id', 'n.actor_id')} asker_bid ON true`)
    .joinRaw(`LEFT JOIN LATERAL ${latestAdBidOn('n.actor_id', 'n.user_id')} asker_ad ON true`)
    .whereRaw('a.owner_blocked IS NOT TRUE')
    .whereRaw(`NOT (u.is_blocked IS TRUE AND n.kind IN (${FROM_THE_ACTOR_SQL}))`)
    .select(
      'n.*',
      'u.username as actor_username',
      'r.status as request_status',
      db.raw('(a.final_call_made OR a.closed_at IS NOT NULL) AS final_call_past'),
      db.raw('(a.closed_at IS NOT NULL) AS ad_closed'),
      'asker_bid.item_name as asker_bid_on',
      'asker_ad.item_name as asker_owns',
      'a.item_name as ad_name',
    );

/**
 * For a request for a number: the ad of `owner`'s on which `bidder` had bid last when it was asked
 * (a bid since, on an ad posted since, does not rename an old request), walked from the bidder's
 * bids newest first (`bids_bidder_idx`); no row for any other note.
 */
const latestAdBidOn = (owner: string, bidder: string) =>
  `(SELECT ba.item_name FROM bids b JOIN ads ba ON ba.ad_id = b.ad_id
     WHERE n.kind = 'mobileRequest' AND b.bidder_id = ${bidder} AND ba.posted_by = ${owner}
       AND (b.position_commit, b.position_prepare)
         < (n.position_commit::bigint, n.position_prepare::bigint)
     ORDER BY b.position_commit DESC, b.position_prepare DESC LIMIT 1)`;

const paramsOf = (row: Row): Record<string, string | number> =>
  typeof row.params === 'string' ? JSON.parse(row.params) : row.params;

const toNotification = (row: Row): Notification => {
  const params = paramsOf(row);
  return {
    _id: row.id,
    kind: row.kind,
    message: notificationMessage(row.kind, params, row.actor_username ?? '', {
      finalCallPast: row.final_call_past === true,
      askerBidOn: row.asker_bid_on,
      askerOwns: row.asker_owns,
      adName: row.ad_name,
      requestStatus: row.request_id === null ? null : row.request_status,
    }),
    requestId: row.request_id,
    requestStatus: row.request_id === null ? null : (row.request_status ?? 'pending'),
    canAnswer: answersRequest(row.kind),
    adId: row.ad_id,
    actorId: row.actor_id,
    purchaseOutcome:
      row.kind === 'purchaseFulfilled' && typeof params.outcome === 'string'
        ? params.outcome
        : null,
    slot:
      typeof params.spaceType === 'string' && typeof params.slotdate === 'string'
        ? { type: params.spaceType, slotdate: params.slotdate }
        : null,
    editedDetails: row.kind === 'adEdited' ? editedDetailNames(String(params.changed ?? '')) : null,
    createdAt: new Date(row.created_at).toISOString(),
    position: `${row.position_commit}.${row.position_prepare}`,
  };
};

/** One page of a member's notifications, and where the next (older) page begins. */
export type NotificationPage = {
  readonly notifications: Notification[];
  /** The `_id` to ask `before` for older notifications; null when there are none. */
  readonly next: string | null;
};

const NEWEST_FIRST = [
  { column: 'n.created_at', order: 'desc' },
  { column: 'n.position_commit', order: 'desc' },
  { column: 'n.position_prepare', order: 'desc' },
  { column: 'n.id', order: 'desc' },
] as const;

/**
 * A request asked again after a 'no' is one request with one status: only its newest note is
 * listed, or the member would see its Approve and Reject twice, and count it twice.
 */
const newestOfItsRequest = (query: Knex.QueryBuilder) =>
  query.where((note) =>
    note.whereNull('n.request_id').orWhereNotExists(function newerNoteOfTheRequest() {
      void this.select(1)
        .from('notifications as newer')
        .whereRaw('newer.user_id = n.user_id')
        .whereRaw('newer.request_id = n.request_id')
        .whereRaw('newer.kind = n.kind')
        .whereRaw(
          '(newer.created_at, newer.position_commit, newer.position_prepare, newer.id) > ' +
            '(n.created_at, n.position_commit, n.position_prepare, n.id)',
        );
    }),
  );

/** At most this many requests waiting for an answer are listed beside a page. */
const WAITING_REQUESTS_MAX = 200;

/**
 * A member's notifications, newest first, LIMITS.notificationListLimit to a page; `before` (a
 * notification's `_id`) asks for the page after it. The first page also lists every request still
 * waiting for the member's answer, however old: the bell is where it is answered, and 50 newer
 * notes (reviews, bids) must not push it out of reach.
 */
export async function listNotifications(
  db: Knex,
  userId: string,
  before?: string,
): Promise<NotificationPage> {
  const limit = LIMITS.notificationListLimit;
  const mine = () => newestOfItsRequest(select(db).where('n.user_id', userId));
  const page = mine();
  if (before !== undefined) {
    page.whereRaw(
      '(n.created_at, n.position_commit, n.position_prepare, n.id) < ' +
        '(SELECT c.created_at, c.position_commit, c.position_prepare, c.id' +
        ' FROM notifications c WHERE c.id = ? AND c.user_id = ?)',
      [before, userId],
    );
  }
  const rows: Row[] = await page.orderBy([...NEWEST_FIRST]).limit(limit + 1);
  const shown = rows.slice(0, limit);
  const next = rows.length > limit ? shown[shown.length - 1]!.id : null;
  const waiting: Row[] =
    before === undefined && next !== null
      ? await mine()
          .where('n.kind', 'mobileRequest')
          .whereRaw("coalesce(r.status, 'pending') = 'pending'")
          .whereNotIn(
            'n.id',
            shown.map((row) => row.id),
          )
          .orderBy([...NEWEST_FIRST])
          .limit(WAITING_REQUESTS_MAX)
      : [];
  return { notifications: [...shown, ...waiting].map(toNotification), next };
}

/**
 * Notifications stored after `after` (and at or before `upTo`, when given), oldest first, for
 * every member: what a live push sends once the projection has committed them (see
 * notifications.live.ts).
 */
export async function notificationsAfter(
  db: Knex,
  after: GlobalPosition,
  upTo?: GlobalPosition,
  limit = 500,
): Promise<(Notification & { userId: string })[]> {
  const rows: Row[] = await select(db)
    .whereRaw('(n.position_commit, n.position_prepare) > (?::numeric, ?::numeric)', [
      after.commit.toString(),
      after.prepare.toString(),
    ])
    .modify((query) => {
      if (upTo === undefined) return;
      query.whereRaw('(n.position_commit, n.position_prepare) <= (?::numeric, ?::numeric)', [
        upTo.commit.toString(),
        upTo.prepare.toString(),
      ]);
    })
    .orderBy([
      { column: 'n.position_commit', order: 'asc' },
      { column: 'n.position_prepare', order: 'asc' },
    ])
    .limit(limit);
  return rows.map((row) => ({ ...toNotification(row), userId: row.user_id }));
}

/** The purchase a note is about, as `notesToMail` reads it (nulls for any other note). */
type PurchaseColumns = {
  purchase_name: string | null;
  purchase_paid: string | number | null;
  purchase_paid_at: Date | null;
  purchase_invoice: string | null;
  purchase_credit_note: string | null;
  /** The ad a bid fee placed a bid on. */
  purchase_item_name: string | null;
};

const purchaseOf = (row: PurchaseColumns): NotedPurchase | null =>
  row.purchase_name === null
    ? null
    : {
        name: row.purchase_name,
        paid: row.purchase_paid === null ? null : Number(row.purchase_paid),
        paidAt: row.purchase_paid_at === null ? null : new Date(row.purchase_paid_at).toISOString(),
        invoiceNumber: row.purchase_invoice,
        creditNoteNumber: row.purchase_credit_note,
        itemName: row.purchase_item_name,
      };

/** A notice to mail, and the member's address and name to mail it to. */
export type NoteToSend = {
  readonly note: NoteToMail;
  readonly email: string;
  readonly firstname: string;
  /** The member has the notices' emails on (Settings). */
  readonly emailNotices: boolean;
};

/**
 * The notices to mail (noteEmails.ts), oldest first: those of the mailed kinds stored after
 * `since` that `note_emails` does not hold yet, for members whose email is verified and who are
 * not blocked, each with whether the member has the emails on (Settings); as the bell lists them
 * (none about a blocked owner's ad).
 */
export async function notesToMail(db: Knex, since: Date, limit: number): Promise<NoteToSend[]> {
  const rows: (Row &
    PurchaseColumns & { email: string; firstname: string; email_notices: boolean })[] =
    await select(db)
      .join('users as me', 'me.user_id', 'n.user_id')
      // A purchase's notes: what was paid, how much, and its invoice.
      .leftJoin('purchases as p', db.raw("p.purchase_id = n.params->>'purchaseId'"))
      .whereRaw(`n.${MAILED_KINDS_SQL}`)
      .where('n.created_at', '>', since)
      .where('me.email_validated', true)
      .where('me.is_blocked', false)
      .whereNotExists(db('note_emails as e').select(1).whereRaw('e.note_id = n.id'))
      .select('me.email', 'me.firstname', 'me.email_notices')
      .select(
        'p.name as purchase_name',
        'p.captured_amount as purchase_paid',
        'p.captured_at as purchase_paid_at',
        'p.invoice_number as purchase_invoice',
        'p.credit_note_number as purchase_credit_note',
        'a.item_name as purchase_item_name',
      )
      .orderBy([
        { column: 'n.created_at', order: 'asc' },
        { column: 'n.id', order: 'asc' },
      ])
      .limit(limit);
  return rows.map((row) => ({
    note: {
      ...toNotification(row),
      kind: row.kind as EmailedNoteKind,
      params: paramsOf(row),
      actorUsername: row.actor_username ?? '',
      finalCallPast: row.final_call_past === true,
      adClosed: row.ad_closed === true,
      purchase: purchaseOf(row),
    },
    email: row.email,
    firstname: row.firstname,
    emailNotices: row.email_notices,
  }));
}
