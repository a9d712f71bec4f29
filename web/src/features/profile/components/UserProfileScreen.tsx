import { useParams } from 'react-router-dom';
import Typography from '@mui/material/Typography';
import { ComingSoon } from '../../../components/ComingSoon.tsx';

export function UserProfileScreen() {
  const { userId } = useParams();
  return (
    <ComingSoon screen="User profile">
      <Typography variant="body2" color="text.secondary">
        userId: {userId}
      </Typography>
    </ComingSoon>
  );
}
