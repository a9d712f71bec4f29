import { useEffect, useRef } from 'react';
import Button from '@mui/material/Button';
import Box from '@mui/material/Box';
import ArrowUpwardIcon from '@mui/icons-material/ArrowUpward';
import { useScrolledDown } from '../../../lib/useScrolledDown.ts';
import { NARROWEST_PHONE } from '../../../app/theme.ts';
import { LoadFailure } from '../../../components/LoadFailure.tsx';
import type { useAdPages } from '../useAdPages.ts';

type Props = {
  /**
   * The list under which it is (`useAdPages`): its ads, whose cards are the page's `article`s
   * (AdCard), whether Load More may find more, and why Load More failed (`moreError`), said above
   * it with Retry.
   */
  list: Pick<
    ReturnType<typeof useAdPages>,
    'ads' | 'hasMore' | 'loading' | 'loadMore' | 'moreError' | 'retry'
  >;
};

/** The link of the `index`-th ad card on the page. */
const cardLink = (index: number): HTMLElement | null =>
  document.querySelectorAll('main article')[index]?.querySelector<HTMLElement>('a') ?? null;

/**
 * Load More (only after a full page; its failure above it, with Retry) and Back To Top, under every
 * ad list; Back To Top only once the page is scrolled down (a list that fits the window has its top
 * in view already). Neither leaves the focus on nothing: Load More moves it to the first ad it
 * added (to the last card when it added none, and went; to Retry when it failed), Back To Top to
 * the page's main region. Load More keeps its place, centred, when Back To Top appears beside it:
 * that appears as the page is scrolled towards Load More, and a button that moves as it is aimed at
 * takes the click elsewhere. Back To Top holds its place while hidden: a list come back to is
 * scrolled before the button shows, and a page shorter by its row would stop that scroll short.
 */
export function AdListFooter({ list }: Props) {
  const { hasMore, loading, loadMore, moreError, retry } = list;
  const count = list.ads.length;
  const showBackToTop = useScrolledDown();
  const firstNew = useRef<number | null>(null);
  const failure = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const pressedAt = firstNew.current;
    if (pressedAt === null || loading) return;
    // It failed (offline): to its Retry, the button pressed having gone while it loaded.
    if (moreError) return failure.current?.querySelector<HTMLElement>('button')?.focus();
    if (count > pressedAt) cardLink(pressedAt)?.focus({ preventScroll: true });
    // The next page held no ad not shown already, and Load More is gone with it.
    else if (!hasMore) cardLink(count - 1)?.focus({ preventScroll: true });
    else return;
    firstNew.current = null;
  }, [count, hasMore, loading, moreError]);
  return (
    <>
      {moreError && (
        <Box ref={failure}>
          <LoadFailure message={moreError} onRetry={retry} />
        </Box>
      )}
      <Box
        sx={{
          display: 'grid',
          gridTemplateColumns: 'minmax(0, 1fr) auto minmax(0, 1fr)',
          columnGap: 1,
          alignItems: 'center',
        }}
      >
        {hasMore && (
          <Button
            variant="outlined"
            sx={{ gridColumn: 2 }}
            onClick={() => {
              firstNew.current = count;
              loadMore();
            }}
          >
            Load More
          </Button>
        )}
        {count > 0 && (
          <Button
            startIcon={<ArrowUpwardIcon />}
            // One line. Beside Load More where the side column holds it (a 360 px phone does);
            // below it on a narrower screen, where it ran past the page's edge.
            sx={{
              visibility: showBackToTop ? 'visible' : 'hidden',
              gridColumn: hasMore ? 3 : 2,
              justifySelf: hasMore ? 'start' : 'center',
              whiteSpace: 'nowrap',
              [NARROWEST_PHONE]: hasMore
                ? { gridColumn: 2, gridRow: 2, justifySelf: 'center' }
                : {},
            }}
            onClick={() => {
              document.querySelector<HTMLElement>('main')?.focus({ preventScroll: true });
              window.scrollTo({ top: 0, behavior: 'smooth' });
            }}
          >
            Back To Top
          </Button>
        )}
      </Box>
    </>
  );
}
