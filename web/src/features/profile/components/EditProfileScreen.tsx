import { ComingSoon } from '../../../components/ComingSoon.tsx';

export function EditProfileScreen() {
  return <ComingSoon screen="Edit profile" />;
}
