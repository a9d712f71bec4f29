import { ComingSoon } from '../../../components/ComingSoon.tsx';

export function AdListScreen() {
  return <ComingSoon screen="Ad list" />;
}
