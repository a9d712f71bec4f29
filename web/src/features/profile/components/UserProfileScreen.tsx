import { useParams } from 'react-router-dom';
import { OtherProfile } from './OtherProfile.tsx';

/** /user_profile/{user_id}: another member's profile by id (with Moderation for staff). */
export function UserProfileScreen() {
  const { userId = '' } = useParams();
  return <OtherProfile lookup={{ path: '/api/user/id', query: { user_id: userId } }} />;
}
