import { formatRupees } from '../../../lib/format.ts';
import type { SlotBid } from '../api/adspaceApi.ts';

/**
 * Where the viewer's bids stand on a slot, its bids listed highest first (the first is the one
 * winning now): whether theirs leads, and the words for it, or what it takes to lead — or, once
 * bidding has ended (`open` false), where it stood then. Null when they have not bid.
 */
export function slotStanding(
  bids: readonly SlotBid[],
  open = true,
): { readonly leads: boolean; readonly text: string } | null {
  const leader = bids[0];
  const best = bids.find((bid) => bid.mine);
  if (leader === undefined || best === undefined) return null;
  if (!open) {
    return leader.mine
      ? {
          leads: true,
          text: `Your bid of ${formatRupees(leader.bidamt)} was the highest when bidding ended.`,
        }
      : {
          leads: false,
          text: `Your bid of ${formatRupees(best.bidamt)} was not the highest when bidding ended: ${formatRupees(leader.bidamt)} was.`,
        };
  }
  if (leader.mine) {
    return { leads: true, text: `Your bid of ${formatRupees(leader.bidamt)} is the highest now.` };
  }
  return {
    leads: false,
    text: `Your bid of ${formatRupees(best.bidamt)} is not the highest: ${formatRupees(leader.bidamt)} leads. Bid more than that to lead.`,
  };
}
