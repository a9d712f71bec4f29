import { useParams } from 'react-router-dom';
import Typography from '@mui/material/Typography';
import { ComingSoon } from '../../../components/ComingSoon.tsx';

export function EditAdScreen() {
  const { adUid } = useParams();
  return (
    <ComingSoon screen="Edit Ad">
      <Typography variant="body2" color="text.secondary">
        adUid: {adUid}
      </Typography>
    </ComingSoon>
  );
}
