import { useParams } from 'react-router-dom';
import { OtherProfile } from './OtherProfile.tsx';

/** /{user_name}: another member's profile by user name. */
export function UserNameProfileScreen() {
  const { userName = '' } = useParams();
  return <OtherProfile lookup={{ path: '/api/user/name', query: { user_name: userName } }} />;
}
