import { ComingSoon } from '../../../components/ComingSoon.tsx';

export function SetPasswordScreen() {
  return <ComingSoon screen="Set password" />;
}
