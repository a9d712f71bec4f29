import { ComingSoon } from '../../../components/ComingSoon.tsx';

export function BuyAdSpaceScreen() {
  return <ComingSoon screen="Buy AdSpace" />;
}
