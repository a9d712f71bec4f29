import type { BidBoardEvent } from '../model/bidBoard.ts';
import { readPosition, type Position } from '../model/position.ts';
import { CLOSE_REASONS } from '@boli/engine/ads/ad.events';
import { parseBid, parseBids, parseSummary } from './bidViews.ts';
import { isRecord } from '../../../lib/records.ts';

/*
 * The bid websocket's messages (contracts.md, "Bids"), read into bid board events. Each message
 * carries the event position; a missing one is null (older than anything seen).
 */

const numberOr = (value: unknown, fallback: number): number =>
  typeof value === 'number' && Number.isFinite(value) ? value : fallback;

const positionOr = (value: unknown, fallback: Position | null): Position | null =>
  readPosition(value) ?? fallback;

const instantOrNull = (value: unknown): string | null =>
  typeof value === 'string' && !Number.isNaN(Date.parse(value)) ? value : null;

/** The message that says the owner edited ad `itemId`'s details (not a bid board event). */
export const adEditedMessage = (itemId: string): string => `edited:${itemId}`;

/** A socket message (contracts.md) as a bid board event; null when it is not one for this ad. */
export function socketMessageEvent(
  itemId: string,
  name: string,
  payload: unknown,
): BidBoardEvent | null {
  if (!isRecord(payload)) return null;
  switch (name) {
    case 'getBidResponse': {
      const summary = parseSummary(payload.summary);
      if (payload.item_id !== itemId || !summary) return null;
      const position = positionOr(payload.position, summary.position);
      return { type: 'joined', summary, missed: parseBids(payload.missed), position };
    }
    case `newbid:${itemId}`: {
      const bid = parseBid(payload.bid);
      if (!bid) return null;
      const summary = parseSummary(payload.summary);
      return {
        type: 'bidPlaced',
        bid,
        summary,
        position: positionOr(payload.position, bid.position),
      };
    }
    case `finalcall:${itemId}`: {
      const finalCallDateTime = instantOrNull(payload.finalCallDateTime);
      if (!finalCallDateTime) return null;
      return {
        type: 'finalCallMade',
        finalCallDateTime,
        position: positionOr(payload.position, null),
      };
    }
    case `closed:${itemId}`:
      return {
        type: 'biddingClosed',
        closedAt: instantOrNull(payload.closedAt),
        closeReason: CLOSE_REASONS.find((reason) => reason === payload.closeReason) ?? null,
        position: positionOr(payload.position, null),
      };
    case 'online':
      if (payload.item_id !== undefined && payload.item_id !== itemId) return null;
      return { type: 'online', count: numberOr(payload.count, 0) };
    default:
      return null;
  }
}
