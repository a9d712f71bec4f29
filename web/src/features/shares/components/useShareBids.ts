import { useCallback, useState } from 'react';
import { useApi } from '../../../app/session/useApi.ts';
import { useLoaded } from '../../../lib/useLoaded.ts';
import { fetchShareBids } from '../api/sharesApi.ts';

/**
 * One list of share bids (everyone's, or the member's own with `mine`), its page, and a reload of
 * that page (`reload`) or of the first (`refresh`).
 */
export function useShareBids(mine: boolean) {
  const { request } = useApi();
  const [page, setPage] = useState(0);
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

  /** After a new bid: back to the first page (newest first), loaded again. */
  const refresh = useCallback(() => {
    if (page === 0) reload();
    else setPage(0);
  }, [reload, page]);

  return { list, failure, page, setPage, refresh, reload };
}
