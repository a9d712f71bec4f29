import { useCallback, useEffect, useState } from 'react';
import { MESSAGES } from '@boli/engine/shared/messages';
import { ApiError } from '../../../app/api/client.ts';
import { useApi } from '../../../app/session/useApi.ts';
import { fetchShareBids, type ShareBidPage } from '../api/sharesApi.ts';

/** One list of share bids (everyone's, or the member's own with `mine`), its page and a reload. */
export function useShareBids(mine: boolean) {
  const { request } = useApi();
  const [page, setPage] = useState(0);
  const [list, setList] = useState<ShareBidPage | null>(null);
  const [failure, setFailure] = useState<string | null>(null);

  const load = useCallback(
    async (signal?: AbortSignal) => {
      try {
        const loaded = await fetchShareBids(request, { page, mine }, signal);
        setFailure(null);
        setList(loaded);
      } catch (error) {
        if (signal?.aborted) return;
        setFailure(error instanceof ApiError ? error.message : MESSAGES.generic);
      }
    },
    [request, page, mine],
  );

  useEffect(() => {
    const controller = new AbortController();
    void load(controller.signal);
    return () => controller.abort();
  }, [load]);

  /** After a new bid: back to the first page (newest first), loaded again. */
  const refresh = useCallback(() => {
    if (page === 0) void load();
    else setPage(0);
  }, [load, page]);

  return { list, failure, page, setPage, refresh };
}
