import { ComingSoon } from '../../../components/ComingSoon.tsx';

export function PostAdScreen() {
  return <ComingSoon screen="Post New Ad" />;
}
