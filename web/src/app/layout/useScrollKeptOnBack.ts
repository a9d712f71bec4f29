import { useEffect, useRef } from 'react';
import { useLocation, useNavigationType } from 'react-router-dom';
import { isCount, keptOverReload } from '../../lib/keptOverReload.ts';

/** How long after arriving the page's scroll is still put right as its parts arrive. */
const KEEP_TRYING_MS = 3_000;
const POSITIONS_KEPT = 50;
/** What stops the putting right: the visitor scrolling (or typing, or clicking) themselves. */
const VISITOR_INPUT = ['wheel', 'touchstart', 'keydown', 'mousedown'] as const;

/** Where each history entry was scrolled to when last seen, by location key and address. */
const scrolledTo = keptOverReload('boli.scrolledTo', POSITIONS_KEPT, isCount);

/**
 * Runs `scroll` now and each time the page grows, for `KEEP_TRYING_MS`, until the visitor
 * scrolls themselves or `scroll` says it is done; returns what stops it early.
 */
function keepScrolling(scroll: () => 'done' | 'again'): () => void {
  const page = document.documentElement;
  const tryNow = () => {
    if (scroll() === 'done') stop();
  };
  const growing = new ResizeObserver(tryNow);
  const timer = window.setTimeout(() => stop(), KEEP_TRYING_MS);
  function stop() {
    growing.disconnect();
    window.clearTimeout(timer);
    for (const input of VISITOR_INPUT) window.removeEventListener(input, stop);
  }
  for (const input of VISITOR_INPUT) window.addEventListener(input, stop, { passive: true });
  growing.observe(page);
  return stop;
}

/**
 * Back or Forward, and a reload, put a page back where it was scrolled (`keptOverReload`), also
 * when parts of it come later than the scroll ScrollRestoration restores at once (a profile's
 * reviews under a seller's ads; after a reload, the whole page): while the page is too short to
 * reach the place, it is scrolled there again each time it grows, for `KEEP_TRYING_MS` or until
 * the visitor scrolls themselves.
 *
 * An address with a `#part` that no kept place overrides (a link from a notice, say, to an ad's
 * bids: `/ads/…#bidding`) is scrolled to that part once it is on the page, and kept there as the
 * parts above it arrive (the photo, the details), for as long: ScrollRestoration looks for it
 * only once, before the page has read what it shows.
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

  const part = location.hash.slice(1);
  useEffect(() => {
    const wanted = navigation === 'POP' ? scrolledTo.get(key) : undefined;
    if (wanted !== undefined) {
      if (window.scrollY >= wanted - 1) return;
      return keepScrolling(() => {
        window.scrollTo(0, wanted);
        return window.scrollY >= wanted - 1 ? 'done' : 'again';
      });
    }
    if (!part) return;
    return keepScrolling(() => {
      document.getElementById(decodeURIComponent(part))?.scrollIntoView({ block: 'start' });
      return 'again';
    });
  }, [key, navigation, part]);
}
