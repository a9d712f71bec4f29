import { ComingSoon } from '../../../components/ComingSoon.tsx';

export function ContactUsScreen() {
  return <ComingSoon screen="Contact Us" />;
}
