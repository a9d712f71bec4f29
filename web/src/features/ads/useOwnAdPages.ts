import { useCallback, useEffect, useRef } from 'react';
import { onNotificationArrived } from '../../app/notificationSignal.ts';
import { useApi } from '../../app/session/useApi.ts';
import { adsOf } from './ads.api.ts';
import type { PageAsked } from './model/adFilters.ts';
import { useAdPages } from './useAdPages.ts';

/**
 * The pages of a member's own list whose cards a notification may change — My Ads (a bid came),
 * My Bids (outbid, a final call, the close) — read again in place whenever one arrives, the answer
 * asked to include the notification's event (`after`: read-your-writes).
 */
export function useOwnAdPages(path: string, key: string) {
  const { request } = useApi();
  // The last notification's event, which the answers must include.
  const after = useRef<string | undefined>(undefined);
  const fetchPage = useCallback(
    (asked: PageAsked) =>
      request<unknown>(path, {
        query: after.current === undefined ? { ...asked } : { ...asked, after: after.current },
      }).then(adsOf),
    [request, path],
  );
  const pages = useAdPages(key, fetchPage);
  const { refresh } = pages;
  useEffect(
    () =>
      onNotificationArrived((position) => {
        if (position !== undefined) after.current = position;
        refresh();
      }),
    [refresh],
  );
  return pages;
}
