import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import ArrowUpwardIcon from '@mui/icons-material/ArrowUpward';
import { useScrolledDown } from '../../../lib/useScrolledDown.ts';

type Props = { hasMore: boolean; onLoadMore: () => void };

/**
 * Load More (only after a full page) and Back To Top, under every ad list; Back To Top only once
 * the page is scrolled down (a list that fits the window has its top in view already).
 */
export function AdListFooter({ hasMore, onLoadMore }: Props) {
  const showBackToTop = useScrolledDown();
  if (!hasMore && !showBackToTop) return null;
  return (
    <Stack direction="row" spacing={1} sx={{ justifyContent: 'center' }}>
      {hasMore && (
        <Button variant="outlined" onClick={onLoadMore}>
          Load More
        </Button>
      )}
      {showBackToTop && (
        <Button
          startIcon={<ArrowUpwardIcon />}
          onClick={() => window.scrollTo({ top: 0, behavior: 'smooth' })}
        >
          Back To Top
        </Button>
      )}
    </Stack>
  );
}
