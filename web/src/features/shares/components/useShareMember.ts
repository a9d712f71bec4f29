import { useCallback, useEffect, useState } from 'react';
import { messageOf } from '../../../app/api/client.ts';
import { useApi } from '../../../app/session/useApi.ts';
import { fetchShareMember, type ShareMember } from '../api/sharesApi.ts';

/** The member's buy-share fee status and bid alias; `feePaid()` after the fee's payment. */
export function useShareMember() {
  const { request } = useApi();
  const [member, setMember] = useState<ShareMember | null>(null);
  const [failure, setFailure] = useState<string | null>(null);

  useEffect(() => {
    const controller = new AbortController();
    fetchShareMember(request, controller.signal).then(setMember, (error: unknown) => {
      if (controller.signal.aborted) return;
      setFailure(messageOf(error));
    });
    return () => controller.abort();
  }, [request]);

  const feePaid = useCallback(
    () => setMember((current) => (current ? { ...current, hasPaidToBuyShare: true } : current)),
    [],
  );
  return { member, failure, feePaid };
}
