import { useParams } from 'react-router-dom';
import Stack from '@mui/material/Stack';
import { ModerationPanel } from '../../support/components/ModerationPanel.tsx';
import { OtherProfile } from './OtherProfile.tsx';

/**
 * /user_profile/{user_id}: another member's profile by id; support and admins see the Moderation
 * panel above it, even when the profile itself is hidden because the member is blocked.
 */
export function UserProfileScreen() {
  const { userId = '' } = useParams();
  return (
    <Stack spacing={3}>
      <ModerationPanel userId={userId} />
      <OtherProfile lookup={{ path: '/api/user/id', query: { user_id: userId } }} />
    </Stack>
  );
}
