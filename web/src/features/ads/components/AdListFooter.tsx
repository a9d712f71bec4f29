import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import ArrowUpwardIcon from '@mui/icons-material/ArrowUpward';

type Props = { hasMore: boolean; onLoadMore: () => void; showBackToTop: boolean };

/** Load More (only after a full page) and Back To Top, under every ad list. */
export function AdListFooter({ hasMore, onLoadMore, showBackToTop }: Props) {
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
