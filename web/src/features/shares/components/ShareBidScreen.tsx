import { useParams } from 'react-router-dom';
import Typography from '@mui/material/Typography';
import { ComingSoon } from '../../../components/ComingSoon.tsx';

export function ShareBidScreen() {
  const { id } = useParams();
  return (
    <ComingSoon screen="Post A Bid">
      <Typography variant="body2" color="text.secondary">
        id: {id}
      </Typography>
    </ComingSoon>
  );
}
