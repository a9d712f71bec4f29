import { ComingSoon } from '../../../components/ComingSoon.tsx';

export function ForgotPasswordScreen() {
  return <ComingSoon screen="Reset Password" />;
}
