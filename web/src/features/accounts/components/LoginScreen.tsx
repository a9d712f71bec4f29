import { ComingSoon } from '../../../components/ComingSoon.tsx';

export function LoginScreen() {
  return <ComingSoon screen="Login" />;
}
