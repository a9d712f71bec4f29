import { useParams } from 'react-router-dom';
import Typography from '@mui/material/Typography';
import { ComingSoon } from '../../../components/ComingSoon.tsx';

export function UserNameProfileScreen() {
  const { userName } = useParams();
  return (
    <ComingSoon screen="User profile">
      <Typography variant="body2" color="text.secondary">
        userName: {userName}
      </Typography>
    </ComingSoon>
  );
}
