import { useParams } from 'react-router-dom';
import Typography from '@mui/material/Typography';
import { ComingSoon } from '../../../components/ComingSoon.tsx';

export function AdSlotBidScreen() {
  const { id } = useParams();
  return (
    <ComingSoon screen="Bid for an ad slot">
      <Typography variant="body2" color="text.secondary">
        id: {id}
      </Typography>
    </ComingSoon>
  );
}
