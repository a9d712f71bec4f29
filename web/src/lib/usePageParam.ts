import { useCallback, useEffect } from 'react';
import { useSearchParams } from 'react-router-dom';

/** The address's name for a list's page: `?page=2` is the second, counted from one as shown. */
const PAGE_PARAM = 'page';

/** The page (zero-based, as the api counts) a `?page=` value names: the first when it names none. */
export const pageOfParam = (value: string | null): number => {
  const page = Number(value);
  return Number.isSafeInteger(page) && page >= 1 ? page - 1 : 0;
};

/** The address's search with `page` (zero-based) in it: the first page leaves it out. */
export const withPageParam = (search: URLSearchParams, page: number): URLSearchParams => {
  const kept = new URLSearchParams(search);
  if (page <= 0) kept.delete(PAGE_PARAM);
  else kept.set(PAGE_PARAM, String(page + 1));
  return kept;
};

/**
 * A list's page kept in the address (?page=2), so that a reload, Back from another page or a link
 * finds the page the member was on; other parameters (a type chosen) stay. The page replaces the
 * address rather than adding to the history: Back leaves the list, as it did.
 */
export function usePageParam(): readonly [number, (page: number) => void] {
  const [params, setParams] = useSearchParams();
  const page = pageOfParam(params.get(PAGE_PARAM));
  const setPage = useCallback(
    (next: number) =>
      setParams((current) => withPageParam(current, next), {
        replace: true,
        preventScrollReset: true,
      }),
    [setParams],
  );
  return [page, setPage] as const;
}

/**
 * The page of `totalPages` to show for a link's `page`: itself, or the last one when it is past
 * the end (a link from a longer list, rows gone since), the first when there is none.
 */
export const pageWithin = (page: number, totalPages: number): number =>
  Math.max(0, Math.min(page, totalPages - 1));

/**
 * A page named by the address that the list no longer has (an old link, rows gone since): the
 * last page it has is shown instead (`pageWithin`). `totalPages` is undefined until the list is
 * read.
 */
export function usePageWithin(
  page: number,
  totalPages: number | undefined,
  setPage: (page: number) => void,
): void {
  useEffect(() => {
    if (totalPages === undefined) return;
    const within = pageWithin(page, totalPages);
    if (within !== page) setPage(within);
  }, [page, totalPages, setPage]);
}
