import { ComingSoon } from '../../../components/ComingSoon.tsx';

export function ProfileMeScreen() {
  return <ComingSoon screen="My profile" />;
}
