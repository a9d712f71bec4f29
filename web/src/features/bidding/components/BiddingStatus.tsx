import { Link as RouterLink } from 'react-router-dom';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { MESSAGES } from '@boli/engine/shared/messages';
import { remainingUntil, splitCountdown } from '../model/countdown.ts';
import type { BiddingPhase, CloseResult } from '../model/biddingPhase.ts';
import { TAP_TARGET } from '../../../components/tapTarget.ts';

const UNITS = [
  ['days', 'Days'],
  ['hours', 'Hours'],
  ['minutes', 'Minutes'],
  ['seconds', 'Seconds'],
] as const;

type Props = {
  phase: BiddingPhase;
  finalCallDateTime: string | null;
  /** The deadline, or how and when bidding closed (biddingWhen). */
  when: string | null;
  now: number;
  /** Under 'Bidding Closed': what the close meant for this viewer (closeResultOf). */
  result?: CloseResult | null;
};

/** The closed notice's id: the keyboard goes there when bidding closes under the form. */
export const BIDDING_CLOSED_ID = 'bidding-closed';

/** 'Bidding Closed', or after a final call 'Bid Closes in' days, hours, minutes, seconds. */
export function BiddingStatus({ phase, finalCallDateTime, when, now, result = null }: Props) {
  if (phase === 'closed') {
    return (
      <Alert
        severity="info"
        icon={false}
        // Not an alert: an ad opened closed is no news. A close while open is said (liveNews).
        role="status"
        data-testid="bidding-closed"
        id={BIDDING_CLOSED_ID}
        tabIndex={-1}
      >
        <Typography variant="h6" component="p">
          {MESSAGES.biddingClosed}
        </Typography>
        {when && <Typography variant="body2">{when}</Typography>}
        {result && (
          <Typography data-testid="bid-result" sx={{ mt: 1, fontWeight: 600 }}>
            {result.line}{' '}
            {result.link && (
              // The owner's next step, not a word in the sentence: a finger's target.
              <Link component={RouterLink} to={result.link.to} sx={TAP_TARGET}>
                {result.link.label}
              </Link>
            )}
          </Typography>
        )}
      </Alert>
    );
  }
  if (phase !== 'finalCall') return null;
  const left = splitCountdown(remainingUntil(finalCallDateTime, now));
  return (
    <Stack spacing={1} role="timer" aria-label="Bid Closes in" data-testid="bid-countdown">
      <Typography variant="subtitle1" component="p" sx={{ fontWeight: 600 }}>
        Bid Closes in
      </Typography>
      {/*
        Two pairs (days and hours, minutes and seconds) side by side, or the second under the
        first where the card is too narrow for four, and a pair's hours under its days where
        the days alone are that wide (a deadline years ahead): a word or a number is never
        split, and nothing runs past the card.
      */}
      <Box sx={{ display: 'flex', flexWrap: 'wrap', columnGap: { xs: 1, sm: 2 }, rowGap: 1 }}>
        {[UNITS.slice(0, 2), UNITS.slice(2)].map((pair) => (
          <Box
            key={pair[0]![0]}
            sx={{ display: 'flex', flexWrap: 'wrap', columnGap: { xs: 1, sm: 2 }, rowGap: 1 }}
          >
            {pair.map(([unit, label]) => (
              <Stack key={unit} sx={{ alignItems: 'center', minWidth: '3.25rem' }}>
                <Typography variant="h5" component="span" data-testid={`countdown-${unit}`}>
                  {String(left[unit]).padStart(2, '0')}
                </Typography>
                <Typography variant="caption" color="textSecondary">
                  {label}
                </Typography>
              </Stack>
            ))}
          </Box>
        ))}
      </Box>
      {when && (
        <Typography variant="body2" color="textSecondary">
          {when}
        </Typography>
      )}
    </Stack>
  );
}
