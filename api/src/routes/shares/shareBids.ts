import type { Context } from 'koa';
import type { NewEventMetadata } from '@boli/engine/eventStore/eventStore';
import type { EventStore } from '@boli/engine/eventStore/eventStore';
import type { PlaceShareBid } from '@boli/engine/shares/shareBid.commands';
import { shareBidsDecider } from '@boli/engine/shares/shareBid.decider';
import { shareBidsStream, type ShareBidEvent } from '@boli/engine/shares/shareBid.events';
import type { UserRow } from '@boli/projections/users/users.queries';
import { idempotencyKeyOf, idOfRequest } from '../../http/commands.ts';
import { bidAliasOf } from '../../http/members.ts';
import { bidAmountInPaise } from '../bid/schema.ts';
import type { ShareBidBody } from './schema.ts';

/** The share bid a request asks for, by the signed-in member (the body's user fields are ignored). */
export function shareBidOf(
  ctx: Context,
  member: UserRow,
  body: ShareBidBody,
): Omit<PlaceShareBid['data'], 'feePaid'> {
  // A retried request (same Idempotency-Key) is the same bid.
  const key = idempotencyKeyOf(ctx, `shareBid:${member.user_id}`);
  return {
    bidId: idOfRequest(key),
    userId: member.user_id,
    username: member.username,
    company: bidAliasOf(body.company, member),
    amount: bidAmountInPaise(body.bidamt),
    type: body.type ?? null,
  };
}

/**
 * Before a member pays the buy-share bid fee, the bid it carries is judged as it would be posted
 * now (details, company name rules, the name not another bidder's), so nobody pays for a bid that
 * would be refused. Throws the DomainError the bid would be answered with.
 */
export async function judgeShareBidBeforePayment(
  store: EventStore,
  bid: Omit<PlaceShareBid['data'], 'feePaid'>,
  metadata: NewEventMetadata,
): Promise<void> {
  const events = await store.readStream(shareBidsStream(bid.company));
  const state = events.reduce(
    (folded, event) => shareBidsDecider.evolve(folded, event as unknown as ShareBidEvent),
    shareBidsDecider.initialState(),
  );
  shareBidsDecider.decide(
    { type: 'PlaceShareBid', data: { ...bid, feePaid: true }, metadata },
    state,
  );
}
