import { ComingSoon } from '../../../components/ComingSoon.tsx';

export function TransactionsScreen() {
  return <ComingSoon screen="Transactions" />;
}
