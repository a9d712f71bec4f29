import { useCallback, useEffect, useRef, useState } from 'react';
import { LIMITS } from '@boli/engine/shared/limits';
import { leftBehind, useHistoryEntry } from '../../lib/leftBehind.ts';
import { isCount, keptOverReload } from '../../lib/keptOverReload.ts';
import { messageOf } from '../../app/api/client.ts';
import type { AdView } from './ads.api.ts';
import {
  furtherPage,
  hasMoreAds,
  loadMoreReads,
  withFurtherPage,
  type PageAsked,
} from './model/adFilters.ts';
import { withFreshCopies } from './model/freshCopies.ts';

type Pages = {
  key: string;
  ads: AdView[];
  /** The last page asked (1-based). */
  page: number;
  /** The last page came back with all it asked for: Load More may find more. */
  lastPageFull: boolean;
  loading: boolean;
  error: string | null;
  /** The page whose load failed: the one Retry asks for again. */
  failedPage: PageAsked | null;
};

/**
 * The lists as they were left, by history entry and list: Back to a list shows the pages loaded
 * before at once (and ScrollRestoration has them to scroll onto) instead of page 1 again.
 */
const leftLists = leftBehind<Pages>(20);
/** How many pages each list showed, by history entry and list: a reload loads as many again. */
const pagesShown = keptOverReload('boli.adPagesShown', 20, isCount);

/**
 * A paged list of ads (20 a page): the first page whenever `key` changes, the next 20 appended
 * on loadMore (`furtherPage`) — offered only while the last page came back full. A list come
 * back to by Back or Forward (by the location's key) starts where it was left, whether the screen
 * was left (an ad's page) or stayed (a search from the list, then Back), and its cards are then
 * read again in place (`refresh`, which a screen may also call when something about them changed).
 */
export function useAdPages(key: string, fetchPage: (asked: PageAsked) => Promise<AdView[]>) {
  const entry = useHistoryEntry(key);
  const [pages, setPages] = useState<Pages>(
    () =>
      leftLists.get(entry) ?? {
        key,
        ads: [],
        page: 0,
        lastPageFull: false,
        loading: true,
        error: null,
        failedPage: null,
      },
  );
  // Back or Forward to another entry of the same screen: its pages as they were left, in the same
  // render, so that the scroll restored with the entry finds them there.
  const [shownEntry, setShownEntry] = useState(entry);
  if (entry !== shownEntry) {
    setShownEntry(entry);
    const left = leftLists.get(entry);
    if (left?.key === key) setPages(left);
  }
  const pagesRef = useRef(pages);
  pagesRef.current = pages;
  useEffect(() => {
    if (pages.key !== key || pages.loading || pages.error !== null) return;
    leftLists.keep(entry, pages);
    pagesShown.keep(entry, pages.page > 1 ? pages.page : undefined);
  }, [entry, key, pages]);
  const fetchRef = useRef(fetchPage);
  fetchRef.current = fetchPage;

  /**
   * Reads `asked`; from the first page, `upTo` pages at once (a reload of a list that showed
   * that many), each read as Load More read it (`loadMoreReads`).
   */
  const load = useCallback(
    (asked: PageAsked, isLive: () => boolean, upTo = asked.page) => {
      const { page } = asked;
      setPages((current) =>
        page === 1
          ? {
              key,
              ads: [],
              page: 1,
              lastPageFull: false,
              loading: true,
              error: null,
              failedPage: null,
            }
          : { ...current, loading: true, error: null, failedPage: null },
      );
      const reads = page === 1 ? loadMoreReads(upTo) : [asked];
      Promise.all(reads.map((read) => fetchRef.current(read))).then(
        (read) => {
          if (!isLive()) return;
          const ads = read.reduce((shown, next) => withFurtherPage(shown, next), [] as AdView[]);
          setPages((current) => ({
            key,
            ads: page === 1 ? ads : withFurtherPage(current.ads, ads),
            page: page === 1 ? read.length : page,
            lastPageFull: hasMoreAds(read[read.length - 1]!.length, reads[reads.length - 1]!),
            loading: false,
            error: null,
            failedPage: null,
          }));
        },
        (error: unknown) => {
          if (!isLive()) return;
          setPages((current) => ({
            ...current,
            loading: false,
            error: messageOf(error),
            failedPage: asked,
          }));
        },
      );
    },
    [key],
  );

  const liveKey = useRef(key);

  // The cards shown, read again in place, less those the list no longer holds (an ad edited out
  // of its filters); a failed read leaves them as they were.
  const refresh = useCallback(() => {
    const shown = pagesRef.current;
    if (shown.key !== key || shown.page === 0 || shown.loading) return;
    const reads = loadMoreReads(shown.page);
    Promise.all(reads.map((read) => fetchRef.current(read))).then(
      (fresh) => {
        if (liveKey.current !== key) return;
        const readToEnd = !hasMoreAds(fresh[fresh.length - 1]!.length, reads[reads.length - 1]!);
        setPages((current) =>
          current.key === key
            ? { ...current, ads: withFreshCopies(current.ads, fresh.flat(), readToEnd) }
            : current,
        );
      },
      () => undefined,
    );
  }, [key]);

  useEffect(() => {
    liveKey.current = key;
    // Pages taken from where the list was left need no first load, only a fresh look.
    const shown = pagesRef.current;
    if (shown.key === key && shown.page > 0 && !shown.loading) {
      refresh();
      return;
    }
    let live = true;
    // After a reload, the pages the list showed before it (Load More's too).
    load({ page: 1 }, () => live, Math.min(pagesShown.get(entry) ?? 1, LIMITS.adPagesReloadedMax));
    return () => {
      live = false;
    };
  }, [key, entry, load, refresh]);

  const loadMore = useCallback(() => {
    const asked = key;
    load(furtherPage(pages.ads.length, pages.page), () => liveKey.current === asked);
  }, [key, load, pages.ads.length, pages.page]);

  // The list stays as it was (a failed Load More keeps the pages before it) and the spinner shows.
  const retry = useCallback(() => {
    if (pages.failedPage === null) return;
    const asked = key;
    load(pages.failedPage, () => liveKey.current === asked);
  }, [key, load, pages.failedPage]);

  const current = pages.key === key;
  const error = current ? pages.error : null;
  // Load More's failure is said where it was pressed, under the cards it leaves as they were.
  const furtherPageFailed = (pages.failedPage?.page ?? 1) > 1;
  return {
    ads: current ? pages.ads : [],
    loading: !current || pages.loading,
    /** The first pages' failure: no list to show. */
    error: furtherPageFailed ? null : error,
    /** Load More's failure. */
    moreError: furtherPageFailed ? error : null,
    hasMore: current && !pages.loading && pages.lastPageFull,
    loadMore,
    retry,
    refresh,
  };
}
