import { ComingSoon } from '../../../components/ComingSoon.tsx';

export function EmailVerifyMessageScreen() {
  return <ComingSoon screen="Verify Your Email" />;
}
