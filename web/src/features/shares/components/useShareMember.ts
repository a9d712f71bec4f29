import { useCallback, useEffect, useState } from 'react';
import { messageOf } from '../../../app/api/client.ts';
import { useApi } from '../../../app/session/useApi.ts';
import { fetchShareMember, type ShareMember } from '../api/sharesApi.ts';

/** The member's buy-share fee status and bid alias; `feePaid()` after the fee's payment. */
export function useShareMember() {
  const { request } = useApi();
  const [member, setMember] = useState<ShareMember | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [reads, setReads] = useState(0);

  useEffect(() => {
    const controller = new AbortController();
    fetchShareMember(request, controller.signal).then(setMember, (error: unknown) => {
      if (controller.signal.aborted) return;
      setFailure(messageOf(error));
    });
    return () => controller.abort();
  }, [request, reads]);

  const feePaid = useCallback(
    () => setMember((current) => (current ? { ...current, hasPaidToBuyShare: true } : current)),
    [],
  );
  /** Reads the member again (a fee paid from another tab), keeping what is shown meanwhile. */
  const reload = useCallback(() => setReads((n) => n + 1), []);
  return { member, failure, feePaid, reload };
}
