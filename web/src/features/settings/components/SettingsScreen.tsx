import { ComingSoon } from '../../../components/ComingSoon.tsx';

export function SettingsScreen() {
  return <ComingSoon screen="Settings" />;
}
