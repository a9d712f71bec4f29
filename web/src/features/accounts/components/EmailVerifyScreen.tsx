import { useParams } from 'react-router-dom';
import Typography from '@mui/material/Typography';
import { ComingSoon } from '../../../components/ComingSoon.tsx';

export function EmailVerifyScreen() {
  const { userId } = useParams();
  return (
    <ComingSoon screen="Verify Your Email">
      <Typography variant="body2" color="text.secondary">
        userId: {userId}
      </Typography>
    </ComingSoon>
  );
}
