import Typography from '@mui/material/Typography';
import { countdownText, remainingUntil, splitCountdown } from '../model/countdown.ts';
import { useClock } from './useClock.ts';

/**
 * An ad's card in a final call: the time left to bid, 'Closes in 03h 04m 05s', ticking every
 * second as the ad page's 'Bid Closes in' does. Only this line ticks, not the card around it.
 */
export function ClosesIn({ deadline }: { deadline: string }) {
  const now = useClock(true);
  return (
    <Typography variant="body2" role="timer" sx={{ mt: 0.5 }} data-testid="closes-in">
      Closes in {countdownText(splitCountdown(remainingUntil(deadline, now)))}
    </Typography>
  );
}
