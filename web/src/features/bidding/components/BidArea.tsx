import Typography from '@mui/material/Typography';

/** The bids on an ad (before and after the final call) and the bid form; a later issue fills it. */
export function BidArea() {
  return (
    <Typography variant="body2" color="text.secondary" sx={{ textAlign: 'center' }}>
      Bids on this ad are coming soon.
    </Typography>
  );
}
