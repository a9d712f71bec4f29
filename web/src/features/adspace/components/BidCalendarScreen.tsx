import { ComingSoon } from '../../../components/ComingSoon.tsx';

export function BidCalendarScreen() {
  return <ComingSoon screen="Ad bid calendar" />;
}
