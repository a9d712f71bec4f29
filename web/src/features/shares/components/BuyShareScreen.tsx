import { ComingSoon } from '../../../components/ComingSoon.tsx';

export function BuyShareScreen() {
  return <ComingSoon screen="Buy-share bid" />;
}
