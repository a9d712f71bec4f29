import { bidAliasProblem, type BidAliasCode } from '../accounts/account.rules.ts';
import { aliasHeldByAnother, aliasChangedFrom, hasBid, repeatsOwnLastBid } from './ad.bidBook.ts';
import { assertNever, DomainError, type Decider } from '../shared/decider.ts';
import { spacedAsShown } from '../shared/characters.ts';
import { BID_TYPES } from '../shared/limits.ts';
import { MESSAGES } from '../shared/messages.ts';
import type {
  AdCommand,
  AddMedia,
  AdInput,
  ChooseThumbnail,
  CloseBidding,
  EditAd,
  MakeFinalCall,
  PlaceBid,
  PostAd,
  RemoveMedia,
  ReorderMedia,
} from './ad.commands.ts';
import { AD_DETAIL_FIELDS, type AdDetails, type AdEvent, type BidType } from './ad.events.ts';
import { allowsCommand, OWNER_MANAGEMENT } from './ad.machine.ts';
import {
  coverOf,
  galleryError,
  inOrder,
  isGalleryItem,
  isOrderOf,
  normalizeAd,
  type AdFieldErrorCode,
} from './ad.rules.ts';
import {
  deadlineOf,
  evolve,
  initialState,
  phaseOfNextBid,
  status,
  statusAt,
  type AdState,
} from './ad.state.ts';
import { deadlineHasCome } from './finalCallDeadline.ts';

export type AdErrorCode =
  | AdFieldErrorCode
  | 'COMMAND_TIME_INVALID'
  | 'COMMAND_NOT_ALLOWED'
  | 'AD_NOT_FOUND'
  | 'AD_ALREADY_POSTED'
  | 'AD_CLOSED'
  | 'INVALID_UID'
  | 'NOT_AD_OWNER'
  | 'MEDIA_REQUIRED'
  | 'TOO_MANY_MEDIA'
  | 'INVALID_MEDIA'
  | 'MEDIA_NOT_FOUND'
  | 'MEDIA_ORDER_STALE'
  | 'AD_CHANGED'
  | 'LAST_MEDIA'
  | 'BIDDING_CLOSED'
  | 'OWN_AD'
  | 'NOT_ENTITLED'
  | 'BID_DETAILS_MISSING'
  | 'INVALID_BID_AMOUNT'
  | 'AMOUNT_TOO_LARGE'
  | BidAliasCode
  | 'BID_ALIAS_TAKEN'
  | 'BID_ALIAS_CHANGED'
  | 'FINAL_CALL_ALREADY_MADE'
  | 'FINAL_CALL_IN_PAST'
  | 'INVALID_DEADLINE'
  | 'NO_BIDS_BEFORE_FINAL_CALL';

const fail = (
  code: AdErrorCode,
  message?: string,
  details: Record<string, unknown> = {},
): never => {
  throw new DomainError(code, details, message);
};

const timeOf = (iso: string): number => Date.parse(iso);

const requireValidTime = (now: string): void => {
  if (Number.isNaN(timeOf(now))) fail('COMMAND_TIME_INVALID', undefined, { now });
};

const requireOwner = (state: AdState, userId: string): void => {
  if (userId !== state.postedBy) fail('NOT_AD_OWNER', undefined, { adId: state.adId });
};

const judgeAd = (input: AdInput, now: string): AdDetails => {
  const { details, errors } = normalizeAd(input, now);
  const first = errors[0];
  if (first !== undefined) fail(first.code, first.message, { errors });
  return details;
};

const postAd = ({ data, metadata }: PostAd): AdEvent[] => {
  const { adId, uid, postedBy, postedByUsername, media, ...input } = data;
  if (!uid.includes('-')) fail('INVALID_UID', undefined, { uid });
  const details = judgeAd(input, metadata.now);
  const mediaProblem = galleryError(media);
  if (mediaProblem !== null) fail(mediaProblem, undefined, { count: media.length });
  const cover = coverOf(media);
  return [
    {
      type: 'AdPosted',
      data: { adId, uid, ...details, postedBy, postedByUsername, postedAt: metadata.now },
    },
    ...media.map((item): AdEvent => ({
      type: 'MediaAdded',
      data: { adId, ...item, addedAt: metadata.now },
    })),
    ...(cover === undefined
      ? []
      : [
          {
            type: 'ThumbnailChosen',
            data: { adId, name: cover.name, thumbnail: cover.thumbnail, chosenAt: metadata.now },
          } satisfies AdEvent,
        ]),
  ];
};

/** The fields of an edit's basis that read otherwise now: edited meanwhile by another edit. */
export const editedMeanwhile = (basis: Partial<AdDetails> | undefined, current: AdDetails) =>
  Object.entries(basis ?? {})
    .filter(([field, value]) => current[field as keyof AdDetails] !== value)
    .map(([field]) => field);

const editAd = ({ data, metadata }: EditAd, state: AdState, current: AdDetails): AdEvent[] => {
  const meanwhile = editedMeanwhile(data.basis, current);
  if (meanwhile.length > 0) fail('AD_CHANGED', undefined, { fields: meanwhile });
  const given = Object.fromEntries(
    Object.entries(data.changes).filter(([, value]) => value !== undefined),
  ) as Partial<AdInput>;
  const edited = judgeAd({ ...current, ...given }, metadata.now);
  const changes: Record<string, unknown> = {};
  for (const field of AD_DETAIL_FIELDS) {
    if (edited[field] !== current[field]) changes[field] = edited[field];
  }
  if (Object.keys(changes).length === 0) return [];
  return [
    {
      type: 'AdEdited',
      data: { adId: state.adId, changes: changes as Partial<AdDetails>, editedAt: metadata.now },
    },
  ];
};

const addMedia = ({ data, metadata }: AddMedia, state: AdState): AdEvent[] => {
  const { userId: _userId, ...item } = data;
  if (!isGalleryItem(item)) fail('INVALID_MEDIA', undefined, { name: item.name });
  // The same file again is a retried upload, not a new one.
  if (state.media.some((existing) => existing.name === item.name)) return [];
  const problem = galleryError([...state.media, item]);
  if (problem !== null) fail(problem, undefined, { count: state.media.length + 1 });
  return [{ type: 'MediaAdded', data: { adId: state.adId, ...item, addedAt: metadata.now } }];
};

const removeMedia = ({ data, metadata }: RemoveMedia, state: AdState): AdEvent[] => {
  if (!state.media.some((item) => item.name === data.name))
    fail('MEDIA_NOT_FOUND', undefined, { name: data.name });
  // Section 5: no ad is posted without a photo or video, and none is left without one.
  if (state.media.length === 1) fail('LAST_MEDIA', undefined, { name: data.name });
  return [
    { type: 'MediaRemoved', data: { adId: state.adId, name: data.name, removedAt: metadata.now } },
  ];
};

const chooseThumbnail = ({ data, metadata }: ChooseThumbnail, state: AdState): AdEvent[] => {
  const item = state.media.find((existing) => existing.name === data.name);
  if (item === undefined) return fail('MEDIA_NOT_FOUND', undefined, { name: data.name });
  if (state.thumbnail?.name === item.name) return [];
  return [
    {
      type: 'ThumbnailChosen',
      data: {
        adId: state.adId,
        name: item.name,
        thumbnail: item.thumbnail,
        chosenAt: metadata.now,
      },
    },
  ];
};

const reorderMedia = ({ data, metadata }: ReorderMedia, state: AdState): AdEvent[] => {
  // Arranged against a gallery that has changed since (a photo added or removed in another tab).
  if (!isOrderOf(state.media, data.order)) {
    return fail('MEDIA_ORDER_STALE', undefined, { order: data.order });
  }
  if (state.media.every((item, index) => item.name === data.order[index])) return [];
  // The first photo leads: a thumbnail that was the gallery's lead follows the new lead, while
  // one the owner chose from further back stays their choice.
  const before = coverOf(state.media);
  const after = coverOf(inOrder(state.media, data.order));
  const follows =
    after !== undefined && after.name !== before?.name && state.thumbnail?.name === before?.name;
  return [
    {
      type: 'MediaReordered',
      data: { adId: state.adId, order: [...data.order], reorderedAt: metadata.now },
    },
    ...(follows
      ? [
          {
            type: 'ThumbnailChosen',
            data: {
              adId: state.adId,
              name: after.name,
              thumbnail: after.thumbnail,
              chosenAt: metadata.now,
            },
          } satisfies AdEvent,
        ]
      : []),
  ];
};

const isBidType = (type: string | null): type is BidType =>
  BID_TYPES.some((known) => known === type);

const AMOUNT = { fields: ['amount'] };
const ALIAS = { fields: ['bidAlias'] };

/**
 * `decide` has already refused a bid once bidding is over, judged on the command's time (so a bid
 * after the deadline is refused even before the expiry timer runs). Then: may this member bid
 * here, then the form, in the order the form shows its messages.
 */
const placeBid = ({ data, metadata }: PlaceBid, state: AdState): AdEvent[] => {
  if (hasBid(state.bids, data.bidId)) return []; // a retried command
  if (data.userId === state.postedBy) fail('OWN_AD');
  if (!data.bidderEntitled) fail('NOT_ENTITLED', MESSAGES.pleaseSubscribe);
  const { amount, type } = data;
  // Each refusal of the form names the command's fields it is about (`fields`).
  if (data.amountTooLarge) fail('AMOUNT_TOO_LARGE', MESSAGES.amountTooLarge, AMOUNT);
  const typeMissing = !isBidType(type);
  const amountMissing = amount === null || !(amount > 0);
  if (typeMissing || amountMissing) {
    return fail('BID_DETAILS_MISSING', MESSAGES.enterAllBidDetails, {
      fields: [...(typeMissing ? ['type'] : []), ...(amountMissing ? ['amount'] : [])],
    });
  }
  if (!Number.isSafeInteger(amount)) fail('INVALID_BID_AMOUNT', undefined, { amount, ...AMOUNT });
  // Kept as a page shows it: 'red   fox' is the 'red fox' every bidder sees.
  const bidAlias = spacedAsShown(data.bidAlias);
  const aliasProblem = bidAliasProblem(bidAlias, data.username);
  if (aliasProblem) fail(aliasProblem.code, aliasProblem.message, ALIAS);
  if (aliasHeldByAnother(state.bids, bidAlias, data.userId)) {
    fail('BID_ALIAS_TAKEN', MESSAGES.bidAliasTaken, ALIAS);
  }
  const ownAlias = aliasChangedFrom(state.bids, bidAlias, data.userId);
  if (ownAlias !== undefined) {
    fail('BID_ALIAS_CHANGED', MESSAGES.bidAliasChanged(ownAlias), { ...ALIAS, alias: ownAlias });
  }
  const phase = phaseOfNextBid(state);
  // The member's newest bid sent again (two tabs, a resend without its key): kept once, and
  // answered as it stands.
  if (repeatsOwnLastBid(state.bids, { bidderId: data.userId, amount, type, phase })) return [];
  return [
    {
      type: 'BidPlaced',
      data: {
        adId: state.adId,
        bidId: data.bidId,
        bidderId: data.userId,
        username: data.username,
        bidAlias,
        amount,
        type,
        phase,
        placedAt: metadata.now,
      },
    },
  ];
};

const makeFinalCall = ({ data, metadata }: MakeFinalCall, state: AdState): AdEvent[] => {
  const deadline = timeOf(data.deadline);
  if (Number.isNaN(deadline)) fail('INVALID_DEADLINE', undefined, { deadline: data.deadline });
  // "The minimum is now": a deadline at the command's own instant is allowed.
  if (deadline < timeOf(metadata.now)) fail('FINAL_CALL_IN_PAST', undefined, { deadline });
  if (state.bids.beforeCount === 0) fail('NO_BIDS_BEFORE_FINAL_CALL');
  return [
    {
      type: 'FinalCallMade',
      data: {
        adId: state.adId,
        deadline: new Date(deadline).toISOString(),
        madeAt: metadata.now,
      },
    },
  ];
};

/** The owner closes early, while bidding is open or after the final call. */
const closeEarly = ({ metadata }: CloseBidding, state: AdState): AdEvent[] => [
  {
    type: 'BiddingClosed',
    data: { adId: state.adId, reason: 'closedEarlyByOwner', closedAt: metadata.now },
  },
];

/**
 * The expiry timer closes only the final call it was scheduled for, only once its deadline has
 * come; a repeat, a stale timer or an early one gets no events, never an error (BullMQ may run a
 * job twice, and the owner may have closed first).
 */
const expire = (expectedDeadline: string, state: AdState, now: string): AdEvent[] => {
  const deadline = deadlineOf(state);
  const due =
    status(state) === 'finalCallMade' &&
    deadline !== null &&
    timeOf(deadline) === timeOf(expectedDeadline) &&
    deadlineHasCome(deadline, timeOf(now));
  if (!due) return [];
  return [
    {
      type: 'BiddingClosed',
      data: { adId: state.adId, reason: 'finalCallExpired', closedAt: deadline },
    },
  ];
};

/** The commands only the ad's owner may send: managing the ad, the final call and the close. */
const OWNER_COMMANDS: ReadonlySet<AdCommand['type']> = new Set([
  ...OWNER_MANAGEMENT,
  'MakeFinalCall',
  'CloseBidding',
]);

/**
 * Why the lifecycle refuses a command at this instant. Once bidding is over (closed, or the
 * deadline has come), bidding commands get BIDDING_CLOSED and the owner's management AD_CLOSED.
 */
const refuse = (command: AdCommand, state: AdState, now: string): never => {
  const current = statusAt(state, now);
  const details = { command: command.type, status: current, deadline: deadlineOf(state) };
  if (command.type === 'PostAd') return fail('AD_ALREADY_POSTED', undefined, details);
  switch (current) {
    case 'none':
      return fail('AD_NOT_FOUND', undefined, details);
    case 'closed':
      return command.type === 'PlaceBid' ||
        command.type === 'MakeFinalCall' ||
        command.type === 'CloseBidding'
        ? fail('BIDDING_CLOSED', MESSAGES.biddingClosed, details)
        : fail('AD_CLOSED', undefined, details);
    case 'finalCallMade':
      // The only command a live ad refuses after its final call is a second one.
      return fail('FINAL_CALL_ALREADY_MADE', undefined, details);
    case 'open':
      // A live, open ad allows every command but PostAd.
      return fail('COMMAND_NOT_ALLOWED', undefined, details);
    default:
      return assertNever(current);
  }
};

/** What the machine allows, judged at the command's time (a passed deadline closes bidding). */
const allowedAt = (command: AdCommand, state: AdState, now: string): boolean =>
  allowsCommand(state.machine, command.type) && statusAt(state, now) !== 'closed';

const decide = (command: AdCommand, state: AdState): AdEvent[] => {
  const { now } = command.metadata;
  requireValidTime(now);
  if (command.type === 'CloseBidding' && command.data.reason === 'finalCallExpired') {
    return expire(command.data.expectedDeadline, state, now);
  }
  const current = state.details;
  if (command.type !== 'PostAd' && current === null) return fail('AD_NOT_FOUND');
  if (OWNER_COMMANDS.has(command.type) && 'userId' in command.data) {
    requireOwner(state, command.data.userId);
  }
  if (!allowedAt(command, state, now)) return refuse(command, state, now);
  switch (command.type) {
    case 'PostAd':
      return postAd(command);
    case 'EditAd':
      return current === null ? [] : editAd(command, state, current);
    case 'AddMedia':
      return addMedia(command, state);
    case 'RemoveMedia':
      return removeMedia(command, state);
    case 'ChooseThumbnail':
      return chooseThumbnail(command, state);
    case 'ReorderMedia':
      return reorderMedia(command, state);
    case 'PlaceBid':
      return placeBid(command, state);
    case 'MakeFinalCall':
      return makeFinalCall(command, state);
    case 'CloseBidding':
      return closeEarly(command, state);
    default:
      return assertNever(command);
  }
};

export const adDecider: Decider<AdState, AdCommand, AdEvent> = { initialState, evolve, decide };

export { evolve, initialState };
export type { AdState };
