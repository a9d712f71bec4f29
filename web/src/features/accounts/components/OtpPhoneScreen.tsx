import { ComingSoon } from '../../../components/ComingSoon.tsx';

export function OtpPhoneScreen() {
  return <ComingSoon screen="Send OTP to your phone" />;
}
