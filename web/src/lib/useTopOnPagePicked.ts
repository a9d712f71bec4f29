import { useEffect, useRef } from 'react';

/**
 * A table paged by numbers under it: once the page picked shows (`shown`, its rows, changes), the
 * table's top is scrolled into view — not the page's top, where a new address would put it, nor
 * the pager's place under rows that are now others. `ref` marks the table's top; `pick` goes
 * with each page picked (and only then: a reload or Back keeps its own place).
 */
export function useTopOnPagePicked<T extends HTMLElement>(shown: unknown) {
  const ref = useRef<T>(null);
  const picked = useRef(false);
  useEffect(() => {
    if (!picked.current || shown === null || shown === undefined) return;
    picked.current = false;
    ref.current?.scrollIntoView({ block: 'start' });
  }, [shown]);
  return {
    ref,
    pick: () => {
      picked.current = true;
    },
  };
}
