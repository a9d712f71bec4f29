import { useParams } from 'react-router-dom';
import Typography from '@mui/material/Typography';
import { ComingSoon } from '../../../components/ComingSoon.tsx';

export function AdMediaScreen() {
  const { adId } = useParams();
  return (
    <ComingSoon screen="Ad media">
      <Typography variant="body2" color="text.secondary">
        adId: {adId}
      </Typography>
    </ComingSoon>
  );
}
