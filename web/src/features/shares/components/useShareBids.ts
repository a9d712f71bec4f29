import { useCallback } from 'react';
import { useApi } from '../../../app/session/useApi.ts';
import { useLoaded } from '../../../lib/useLoaded.ts';
import { usePageParam, usePageWithin } from '../../../lib/usePageParam.ts';
import { fetchShareBids } from '../api/sharesApi.ts';

/**
 * One list of share bids (everyone's, or the member's own with `mine`), its page (kept in the
 * address: a reload finds it), and a reload of that page (`reload`) or of the first (`refresh`).
 */
export function useShareBids(mine: boolean) {
  const { request } = useApi();
  const [page, setPage] = usePageParam();
  const {
    data: list,
    failure,
    reload,
  } = useLoaded(
    useCallback(
      (signal?: AbortSignal) => fetchShareBids(request, { page, mine }, signal),
      [request, page, mine],
    ),
  );

  usePageWithin(page, list?.totalPages, setPage);

  /** After a new bid: back to the first page (newest first), loaded again. */
  const refresh = useCallback(() => {
    if (page === 0) reload();
    else setPage(0);
  }, [reload, page]);

  return { list, failure, page, setPage, refresh, reload };
}
