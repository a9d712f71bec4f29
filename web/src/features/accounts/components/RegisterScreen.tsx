import { ComingSoon } from '../../../components/ComingSoon.tsx';

export function RegisterScreen() {
  return <ComingSoon screen="Register" />;
}
