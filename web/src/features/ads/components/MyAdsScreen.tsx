import { ComingSoon } from '../../../components/ComingSoon.tsx';

export function MyAdsScreen() {
  return <ComingSoon screen="My Ads" />;
}
