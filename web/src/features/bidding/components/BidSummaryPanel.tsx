import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { formatRupees } from '../../../lib/format.ts';
import type { BidSummaryView, HighestBidView } from '../api/bidViews.ts';

type Props = { summary: BidSummaryView; isOwner: boolean; isMember: boolean };

/** Who placed a highest bid, as this viewer may know: the username for the owner, else the alias. */
function byWhom(bid: HighestBidView, isOwner: boolean): string {
  const name = isOwner ? bid.username || bid.bidAlias : bid.bidAlias || bid.username;
  return name ? ` by ${name}` : '';
}

function Row({ label, value }: { label: string; value: string }) {
  return (
    <Stack direction="row" spacing={1} sx={{ justifyContent: 'space-between' }}>
      <Typography variant="body2" color="textSecondary">
        {label}
      </Typography>
      <Typography variant="body2" sx={{ fontWeight: 500, textAlign: 'right' }}>
        {value}
      </Typography>
    </Stack>
  );
}

const HIGHEST = [
  ['highestOpenBidBeforeFinalCall', 'Highest open bid before final call'],
  ['highestHiddenBidBeforeFinalCall', 'Highest hidden bid before final call'],
  ['highestOpenBidAfterFinalCall', 'Highest open bid after final call'],
  ['highestHiddenBidAfterFinalCall', 'Highest hidden bid after final call'],
] as const;

/** The bid summary (section 3) as this viewer may see it; amounts in rupees. */
export function BidSummaryPanel({ summary, isOwner, isMember }: Props) {
  const highest = summary.overallHighest;
  return (
    <Stack spacing={0.5} aria-label="Bid summary" component="section">
      <Row
        label="Highest bid"
        value={highest ? `${formatRupees(highest.amount)}${byWhom(highest, isOwner)}` : '—'}
      />
      {HIGHEST.map(([field, label]) => {
        const bid = summary[field];
        return bid ? (
          <Row
            key={field}
            label={label}
            value={`${formatRupees(bid.amount)}${byWhom(bid, isOwner)}`}
          />
        ) : null;
      })}
      <Row label="Buyers" value={String(summary.noOfBuyers)} />
      <Row label="Bids before final call" value={String(summary.allBeforeBidsCount)} />
      <Row label="Bids after final call" value={String(summary.allAfterBidsCount)} />
      {isMember && !isOwner && (
        <Row
          label="Your bids"
          value={String(summary.loginUserBeforeBidsCount + summary.loginUserAfterBidsCount)}
        />
      )}
    </Stack>
  );
}
