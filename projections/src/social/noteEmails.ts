import { notificationLink } from '@boli/engine/social/notificationLink';
import { LIMITS } from '@boli/engine/shared/limits';
import { ACCOUNT_MESSAGES } from '@boli/engine/accounts/account.messages';
import type { NotificationKind } from './notifications.evolve.ts';
import type { Notification } from './notifications.queries.ts';
import { formatAmount, istDateTime, toldHighestBid } from './notifications.messages.ts';

/*
 * The notices that are also mailed, and the email each becomes. Pure: the outbox delivery
 * (ops/src/jobs/noteEmails.ts) reads the notes from the notifications read model, has them
 * written here, and sends them as it sends every other message.
 *
 * Mailed are the notices a member must not miss while away from Boli: what their bids and ads
 * came to (a first bid, a final call and its deadline, the close) and what asks for an answer or
 * money (a number asked for, a slot to pay for by a time, a payment received or refunded). The
 * rest stay in the bell: an outbid lands with every Open bid, an edit or a review can wait.
 */

export const EMAILED_NOTE_KINDS = [
  'firstBid',
  'finalCallMade',
  'biddingClosed',
  'finalCallEnded',
  'mobileRequest',
  'mobileRequestApproved',
  'slotOffered',
  'slotOfferLapsed',
  'purchaseFulfilled',
  'refundRequested',
] as const satisfies readonly NotificationKind[];
export type EmailedNoteKind = (typeof EMAILED_NOTE_KINDS)[number];

/**
 * `kind IN (…)` of the mailed kinds, written out: the notifications table's partial index on them
 * (notifications.projection.ts) serves only a query that names the same list.
 */
export const MAILED_KINDS_SQL = `kind IN (${EMAILED_NOTE_KINDS.map((kind) => `'${kind}'`).join(', ')})`;

/** The purchase a payment's notice is about, from the purchases read model. */
export type NotedPurchase = {
  /** What was bought, as its invoice names it: 'Lifetime Subscription', 'Bid processing fee'. */
  readonly name: string;
  /** Paise; null until the payment is recorded. */
  readonly paid: number | null;
  readonly paidAt: string | null;
  readonly invoiceNumber: string | null;
  /** The credit note cancelling that invoice, once the payment it was for is refunded. */
  readonly creditNoteNumber: string | null;
  /** The ad a bid processing fee placed a bid on. */
  readonly itemName: string | null;
};

/** A notice as the email needs it: what the bell shows, the item it is about, the ad now. */
export type NoteToMail = Notification & {
  readonly kind: EmailedNoteKind;
  readonly params: Readonly<Record<string, string | number>>;
  readonly actorUsername: string;
  /** The ad's final call is made, or its bidding closed (false for a note about no ad). */
  readonly finalCallPast: boolean;
  /** The ad's bidding is closed (false for a note about no ad). */
  readonly adClosed: boolean;
  /** A payment's notice (received or refunded): the purchase; null for any other. */
  readonly purchase: NotedPurchase | null;
};

type Params = NoteToMail['params'];

/** Each kind's subject line: what happened, to what. */
const SUBJECTS: Readonly<
  Record<EmailedNoteKind, (params: Params, who: string, purchase: NotedPurchase | null) => string>
> = {
  firstBid: (params) => `First bid on ${itemOf(params)}`,
  finalCallMade: (params) =>
    `Final call on ${itemOf(params)}: bidding closes ${istDateTime(String(params.deadline ?? ''))} IST`,
  biddingClosed: (params) =>
    toldHighestBid(params)
      ? `Yours is the highest bid on ${itemOf(params)}`
      : `Bidding closed on ${itemOf(params)}`,
  finalCallEnded: (params) => `Your final call on ${itemOf(params)} has ended`,
  mobileRequest: (_params, who) => `${who} asked for your mobile number`,
  mobileRequestApproved: (_params, who) => `${who} shared their mobile number with you`,
  slotOffered: (params) =>
    `An ad slot is yours if you pay by ${istDateTime(String(params.payBy ?? ''))} IST`,
  slotOfferLapsed: () => 'Your time to pay for an ad slot ran out',
  purchaseFulfilled: (_params, _who, purchase) =>
    purchase?.paid != null
      ? `Payment of ${formatAmount(purchase.paid)} received: ${purchase.name}`
      : 'Your payment was received',
  refundRequested: (params, _who, purchase) =>
    purchase
      ? `Your payment of ${formatAmount(Number(params.amount ?? 0))} for ${purchase.name} has been refunded`
      : 'Your payment has been refunded',
};

/**
 * A payment's receipt, as its email gives it below the notice: what it was for, how much, when,
 * and its tax invoice (which Transactions offers to download); a refund's, what it was for and
 * where the money goes.
 */
function receipt(note: NoteToMail): string[] {
  const purchase = note.purchase;
  if (purchase === null) return [];
  // The ad a fee's bid was on: the note's ad, or the one a refund names (it has no ad to open).
  const itemName =
    purchase.itemName ?? (note.params.itemName ? String(note.params.itemName) : null);
  const what = itemName ? `${purchase.name}, on ${itemName}` : purchase.name;
  if (note.kind === 'refundRequested') {
    return [
      '',
      `For: ${what}`,
      ...refundedInvoice(note.params, purchase),
      'The money goes back to the account or card you paid with; your bank may take a few working days to show it.',
    ];
  }
  if (note.kind !== 'purchaseFulfilled') return [];
  return [
    '',
    `For: ${what}`,
    ...(purchase.paid === null ? [] : [`Paid: ${formatAmount(purchase.paid)}`]),
    ...(purchase.paidAt === null ? [] : [`On: ${istDateTime(purchase.paidAt)} IST`]),
    ...(purchase.invoiceNumber === null
      ? ['Your tax invoice is under Transactions.']
      : [`Tax invoice: ${purchase.invoiceNumber} (to download under Transactions)`]),
  ];
}

/**
 * What a refund does to the purchase's tax invoice: a second payment's leaves it standing; the
 * paying payment's is cancelled by a credit note, named once issued (see `readyToMail`).
 */
function refundedInvoice(params: Params, purchase: NotedPurchase): string[] {
  const invoice = purchase.invoiceNumber;
  // A note stored before the reason was kept cannot tell a second payment's refund from the first's.
  if (invoice === null || params.reason === undefined) return [];
  if (params.reason === 'duplicatePayment') {
    return [`Tax invoice: ${invoice}, for the payment kept (to download under Transactions)`];
  }
  return purchase.creditNoteNumber === null
    ? [
        `Tax invoice ${invoice} is cancelled by a credit note, under Transactions once the refund is made.`,
      ]
    : [
        `Credit note: ${purchase.creditNoteNumber}, cancelling tax invoice ${invoice} (both to download under Transactions)`,
      ];
}

/** A refund of the payment that paid, whose credit note is still to be issued. */
const awaitsCreditNote = (note: NoteToMail): boolean =>
  note.kind === 'refundRequested' &&
  note.params.reason !== undefined &&
  note.params.reason !== 'duplicatePayment' &&
  note.purchase?.invoiceNumber != null &&
  note.purchase.creditNoteNumber === null;

/** A payment received whose invoice the purchases read model does not hold yet. */
const awaitsInvoice = (note: NoteToMail): boolean =>
  note.kind === 'purchaseFulfilled' && !note.purchase?.invoiceNumber;

/**
 * Whether a notice's email may be written at `now`. A payment's waits, at most
 * `LIMITS.noteEmailInvoiceWaitSeconds`, for the purchases read model to hold its invoice, and a
 * refund's for its credit note: that read model is another projection than the notice's, and may
 * be a moment behind it; a credit note is issued once the gateway has made the refund.
 */
export function readyToMail(note: NoteToMail, now: Date): boolean {
  if (!awaitsInvoice(note) && !awaitsCreditNote(note)) return true;
  const waited = now.getTime() - Date.parse(note.createdAt);
  return waited >= LIMITS.noteEmailInvoiceWaitSeconds * 1000;
}

/** What the member does next, where the notice alone does not say. */
function nextStep(note: NoteToMail): string | undefined {
  switch (note.kind) {
    case 'mobileRequest':
      return 'Approve or reject it on their profile, or from the bell at the top of any Boli page.';
    case 'slotOffered':
      return 'Pay for it under Transactions.';
    // The owner whose final call ran out with a bid, as the ad's page tells them.
    case 'finalCallEnded':
      return Number(note.params.amount ?? 0) > 0
        ? 'The ad’s page shows the highest bidder’s name and phone number, to arrange the sale.'
        : undefined;
    // The holder of the highest bid, as the ad's page tells them (closeResultOf in
    // web/src/features/bidding/model/biddingPhase.ts).
    case 'biddingClosed':
      return toldHighestBid(note.params)
        ? 'The seller sees your name and phone number with it, to arrange the sale; the ad’s page says how to reach them.'
        : undefined;
    default:
      return undefined;
  }
}

const itemOf = (params: Params): string => String(params.itemName ?? '') || 'your ad';

/** What the email's link is for, where it is not the notice's own page. */
const LINK_LABEL: Partial<Record<EmailedNoteKind, string>> = {
  // The asker's profile: who they are, and Approve / Reject (web: IncomingRequest).
  mobileRequest: 'See who is asking, and answer',
};

/**
 * Whether what a notice says still holds at `now`. A notice can be mailed late: held while its
 * member or the ad's owner was blocked, or while the worker was stopped. One whose news has gone
 * by — a final call past its deadline or closed early, a first bid's "You can now make a final
 * call." after one was made, a request answered, an approval revoked, a slot's time to pay over —
 * is not mailed at all: the bell has it, as it now reads.
 */
export function stillHolds(note: NoteToMail, now: Date): boolean {
  const after = (instant: string | number | undefined) =>
    Date.parse(String(instant)) > now.getTime();
  switch (note.kind) {
    case 'finalCallMade':
      return !note.adClosed && after(note.params.deadline);
    case 'firstBid':
      return !note.finalCallPast;
    case 'mobileRequest':
      return note.requestStatus === 'pending';
    case 'mobileRequestApproved':
      return note.requestStatus === 'approved';
    case 'slotOffered':
      return after(note.params.payBy);
    default:
      return true;
  }
}

/** The email a notice becomes: to the member it is for, in the words the bell shows them. */
export function noteEmail(
  note: NoteToMail,
  recipient: { readonly firstname: string },
  publicUrl: string,
): { subject: string; text: string } {
  const who = note.actorUsername || 'A member';
  const link = notificationLink(note);
  const lines = [
    recipient.firstname ? `Hello ${recipient.firstname},` : 'Hello,',
    '',
    note.message,
    ...[nextStep(note)].filter((step) => step !== undefined),
    ...receipt(note),
    ...(link === null
      ? []
      : ['', `${LINK_LABEL[note.kind] ?? 'Open it on Boli'}: ${new URL(link, publicUrl).href}`]),
    '',
    'The same notice is in the bell at the top of every Boli page.',
    `To stop these emails, turn off "${ACCOUNT_MESSAGES.emailNoticesSwitch}" in Settings: ${new URL('/settings', publicUrl).href}`,
  ];
  return {
    subject: SUBJECTS[note.kind](note.params, who, note.purchase),
    text: lines.join('\n'),
  };
}

/** A notice older than this at `now` is no longer mailed (`LIMITS.noteEmailValidHours`). */
export const noteEmailsSince = (now: Date): Date =>
  new Date(now.getTime() - LIMITS.noteEmailValidHours * 3600_000);

/** Until when a notice made at `createdAt` may still be sent. */
export const noteEmailExpiresAt = (createdAt: Date): Date =>
  new Date(createdAt.getTime() + LIMITS.noteEmailValidHours * 3600_000);
