import { useCallback, useEffect, useRef } from 'react';

/**
 * An edit of something already saved (a profile, an ad), kept in the tab while it is made, so
 * that a reload, or the tab brought back by Back, finds it (each screen's `read…Draft`). `keep`
 * stores a draft, or drops it for null; `draft` (null while nothing is changed; memoised, so it
 * changes only with the edit) is kept as it changes, until the answer, `markSaved`, is called on a
 * successful save: it drops the draft, and nothing is kept after. Leaving the screen in the app
 * drops it too — the screen asked first. A reload unmounts nothing, so the draft stays.
 */
export function useEditKeptInTab<T>(keep: (draft: T | null) => void, draft: T | null): () => void {
  const saved = useRef(false);
  useEffect(() => {
    if (!saved.current) keep(draft);
  }, [keep, draft]);
  useEffect(() => () => keep(null), [keep]);
  return useCallback(() => {
    saved.current = true;
    keep(null);
  }, [keep]);
}
