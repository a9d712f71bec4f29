import { useEffect, useRef } from 'react';

/**
 * A table paged by numbers under it: once the page picked shows (`shown`, its rows, changes), the
 * table's top is scrolled into view — not the page's top, where a new address would put it, nor
 * the pager's place under rows that are now others; a keyboard whose pager went with the rows goes
 * on from there. `ref` marks the table's top; `pick` goes with each page picked (and only then: a
 * reload or Back keeps its own place).
 */
export function useTopOnPagePicked<T extends HTMLElement>(shown: unknown) {
  const ref = useRef<T>(null);
  const picked = useRef(false);
  useEffect(() => {
    if (!picked.current || shown === null || shown === undefined) return;
    picked.current = false;
    const top = ref.current;
    if (!top) return;
    top.scrollIntoView({ block: 'start' });
    // The pager pressed went with the rows it was under (the table reloaded): the keyboard goes
    // on from the table's top, not from the page's.
    const focused = document.activeElement;
    if (focused === null || focused === document.body) {
      if (!top.hasAttribute('tabindex')) top.setAttribute('tabindex', '-1');
      top.focus({ preventScroll: true });
    }
  }, [shown]);
  return {
    ref,
    pick: () => {
      picked.current = true;
    },
  };
}
