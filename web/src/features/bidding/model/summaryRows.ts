import { formatPrice } from '../../../lib/format.ts';
import type { BidSummaryView, HighestBidView } from '../api/bidViews.ts';

/** Who is reading the summary. */
export type SummaryReader = {
  readonly isOwner: boolean;
  readonly isMember: boolean;
  /** The member reading it, whose own bids say so. */
  readonly viewerId?: string | undefined;
  /** The ad's currency, which its bids are in (rupees unless the ad says otherwise). */
  readonly currencyCode?: string | undefined;
};

export type SummaryRow = { readonly key: string; readonly label: string; readonly value: string };

/** Shown under a summary whose highest amounts leave out other members' Hidden bids. */
export const HIDDEN_AMOUNTS_NOTE =
  "Hidden bids' amounts are seen only by the ad's owner and the member who placed them.";

/** Staff's way past that note: the history that shows every amount and who won. */
export const STAFF_HISTORY_HINT = 'Staff: the Bid history shows every amount, and who won.';

/**
 * Who placed a highest bid, as this viewer may know: the username for the owner, else the alias;
 * the viewer's own bid says so, as their rows in the list do.
 */
function byWhom(bid: HighestBidView, reader: SummaryReader): string {
  const name = reader.isOwner ? bid.username || bid.bidAlias : bid.bidAlias || bid.username;
  const yours = reader.viewerId !== undefined && bid.userId === reader.viewerId ? ' (you)' : '';
  return name ? ` by ${name}${yours}` : '';
}

const HIGHEST = [
  ['highestOpenBidBeforeFinalCall', 'open', 'before'],
  ['highestHiddenBidBeforeFinalCall', 'hidden', 'before'],
  ['highestOpenBidAfterFinalCall', 'open', 'after'],
  ['highestHiddenBidAfterFinalCall', 'hidden', 'after'],
] as const;

/**
 * The bid summary's rows (section 3) as this reader may read them, amounts in rupees. The owner's
 * highest amounts are over every bid. Anyone else's are over what they may see — Open bids and
 * their own Hidden ones (projections/src/bidSummary/bidSummary.ts) — so the labels say so: a
 * bidder whose own Hidden bid is the highest they can see is not told it is the highest there is.
 */
export function summaryRows(summary: BidSummaryView, reader: SummaryReader): SummaryRow[] {
  const { isOwner, isMember } = reader;
  const money = (bid: HighestBidView | null) =>
    bid ? `${formatPrice(bid.amount, reader.currencyCode)}${byWhom(bid, reader)}` : '—';
  const rows: SummaryRow[] = [
    {
      key: 'overallHighest',
      label: isOwner ? 'Highest bid' : 'Highest bid you can see',
      value: money(summary.overallHighest),
    },
  ];
  for (const [field, type, phase] of HIGHEST) {
    const bid = summary[field];
    if (!bid) continue;
    const label =
      type === 'hidden' && !isOwner
        ? `Your highest hidden bid ${phase} final call`
        : `Highest ${type} bid ${phase} final call`;
    rows.push({ key: field, label, value: money(bid) });
  }
  rows.push(
    { key: 'buyers', label: 'Buyers', value: String(summary.noOfBuyers) },
    { key: 'before', label: 'Bids before final call', value: String(summary.allBeforeBidsCount) },
    { key: 'after', label: 'Bids after final call', value: String(summary.allAfterBidsCount) },
  );
  if (isMember && !isOwner) {
    const own = summary.loginUserBeforeBidsCount + summary.loginUserAfterBidsCount;
    rows.push({ key: 'yours', label: 'Your bids', value: String(own) });
  }
  return rows;
}

/** Whether to say, under the rows, that other members' Hidden amounts are left out of them. */
export const saysHiddenAmountsLeftOut = (summary: BidSummaryView, reader: SummaryReader): boolean =>
  !reader.isOwner && summary.allBeforeBidsCount + summary.allAfterBidsCount > 0;
