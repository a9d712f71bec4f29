import { assertNever, DomainError, type Decider } from '../shared/decider.ts';
import { MESSAGES } from '../shared/messages.ts';
import type { PlaceShareBid, ShareBidCommand } from './shareBid.commands.ts';
import { companyNameOf } from '../shared/companyName.ts';
import type { ShareBidEvent, ShareBidType } from './shareBid.events.ts';
import { shareBidProblem, type ShareBidRuleCode } from './shareBid.rules.ts';

/*
 * The bids under one company name. Each bid is its own fact; the same bid id twice is one bid, so
 * a retried request (or a fee's delivery run again) never posts it twice. The first member to bid
 * under a company name keeps it: another member's bid under it is refused, so nobody can post in
 * someone else's name on the public list.
 */

export type ShareBidErrorCode =
  ShareBidRuleCode | 'COMMAND_TIME_INVALID' | 'COMPANY_NAME_TAKEN' | 'SHARE_FEE_NOT_PAID';

export type ShareBidsState = {
  /** The member who first bid under this company name; null before any bid. */
  readonly ownerId: string | null;
  readonly bidIds: ReadonlySet<string>;
};

const initialState = (): ShareBidsState => ({ ownerId: null, bidIds: new Set() });

const evolve = (state: ShareBidsState, event: ShareBidEvent): ShareBidsState => {
  switch (event.type) {
    case 'ShareBidPlaced':
      return {
        ownerId: state.ownerId ?? event.data.userId,
        bidIds: new Set([...state.bidIds, event.data.bidId]),
      };
    default:
      return assertNever(event.type);
  }
};

const fail = (code: ShareBidErrorCode, message?: string): never => {
  throw new DomainError(code, {}, message);
};

const placeShareBid = ({ data, metadata }: PlaceShareBid, state: ShareBidsState) => {
  if (state.bidIds.has(data.bidId)) return [];
  const company = companyNameOf(data.company);
  const problem = shareBidProblem({ ...data, company });
  if (problem !== null) return fail(problem.code, problem.message);
  if (state.ownerId !== null && state.ownerId !== data.userId) {
    return fail('COMPANY_NAME_TAKEN', MESSAGES.companyNameTaken);
  }
  // Judged last, so a member is asked to pay only for a bid that would be posted.
  if (!data.feePaid) return fail('SHARE_FEE_NOT_PAID', MESSAGES.shareFeeRequired);
  const event: ShareBidEvent = {
    type: 'ShareBidPlaced',
    data: {
      bidId: data.bidId,
      company,
      userId: data.userId,
      username: data.username,
      amount: data.amount!,
      type: data.type as ShareBidType,
      placedAt: metadata.now,
    },
  };
  return [event];
};

const decide = (command: ShareBidCommand, state: ShareBidsState): ShareBidEvent[] => {
  if (Number.isNaN(Date.parse(command.metadata.now))) return fail('COMMAND_TIME_INVALID');
  switch (command.type) {
    case 'PlaceShareBid':
      return placeShareBid(command, state);
    default:
      return assertNever(command.type);
  }
};

export const shareBidsDecider: Decider<ShareBidsState, ShareBidCommand, ShareBidEvent> = {
  initialState,
  evolve,
  decide,
};
