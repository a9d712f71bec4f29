import { ComingSoon } from '../../../components/ComingSoon.tsx';

export function SubscriptionScreen() {
  return <ComingSoon screen="Subscription" />;
}
