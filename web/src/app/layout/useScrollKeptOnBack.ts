import { useEffect, useRef } from 'react';
import { useLocation, useNavigationType } from 'react-router-dom';
import { isCount, keptOverReload } from '../../lib/keptOverReload.ts';

/** How long after Back, Forward or a reload the page's scroll is still put back as its parts arrive. */
const KEEP_TRYING_MS = 3_000;
const POSITIONS_KEPT = 50;
/** What stops the putting back: the visitor scrolling (or typing, or clicking) themselves. */
const VISITOR_INPUT = ['wheel', 'touchstart', 'keydown', 'mousedown'] as const;

/** Where each history entry was scrolled to when last seen, by location key and address. */
const scrolledTo = keptOverReload('boli.scrolledTo', POSITIONS_KEPT, isCount);

/**
 * Back or Forward, and a reload, put a page back where it was scrolled (`keptOverReload`), also
 * when parts of it come later than the scroll ScrollRestoration restores at once (a profile's
 * reviews under a seller's ads; after a reload, the whole page): while the page is too short to
 * reach the place, it is scrolled there again each time it grows, for `KEEP_TRYING_MS` or until
 * the visitor scrolls themselves.
 */
export function useScrollKeptOnBack(): void {
  const location = useLocation();
  const key = `${location.key}|${location.pathname}${location.search}`;
  const navigation = useNavigationType();
  const current = useRef(key);

  useEffect(() => {
    current.current = key;
    const onScroll = () => scrolledTo.keep(current.current, window.scrollY);
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => window.removeEventListener('scroll', onScroll);
  }, [key]);

  useEffect(() => {
    const wanted = scrolledTo.get(key);
    if (navigation !== 'POP' || wanted === undefined || window.scrollY >= wanted - 1) return;
    const page = document.documentElement;
    const putBack = () => {
      window.scrollTo(0, wanted);
      if (window.scrollY >= wanted - 1) stop();
    };
    const growing = new ResizeObserver(putBack);
    const timer = window.setTimeout(() => stop(), KEEP_TRYING_MS);
    function stop() {
      growing.disconnect();
      window.clearTimeout(timer);
      for (const input of VISITOR_INPUT) window.removeEventListener(input, stop);
    }
    for (const input of VISITOR_INPUT) window.addEventListener(input, stop, { passive: true });
    growing.observe(page);
    return stop;
  }, [key, navigation]);
}
