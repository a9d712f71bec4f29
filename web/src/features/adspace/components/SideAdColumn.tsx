import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';

/**
 * A side advertising column (the sidePanels ad space). Shown on wide screens only; the booked
 * ads come with the ad space issue.
 */
export function SideAdColumn({ side }: { side: 'left' | 'right' }) {
  return (
    <Box
      component="aside"
      aria-label={`Advertisements (${side})`}
      data-testid={`side-ads-${side}`}
      sx={{ display: { xs: 'none', lg: 'block' }, width: 180, flexShrink: 0 }}
    >
      <Paper
        variant="outlined"
        sx={{
          position: 'sticky',
          top: 88,
          height: 480,
          display: 'grid',
          placeItems: 'center',
          p: 2,
        }}
      >
        <Typography variant="body2" color="text.secondary" sx={{ textAlign: 'center' }}>
          Advertise here
        </Typography>
      </Paper>
    </Box>
  );
}
