import { ComingSoon } from '../../../components/ComingSoon.tsx';

export function OtpPhoneVerifyScreen() {
  return <ComingSoon screen="Verify Mobile Number" />;
}
