import { useEffect, useState } from 'react';

/** How far down the page must be scrolled before a way back to the top is worth offering. */
const SCROLLED_DOWN_PX = 200;

/** Whether the window is scrolled down past the first screenful's top, following each scroll. */
export function useScrolledDown(): boolean {
  const [scrolledDown, setScrolledDown] = useState(() => window.scrollY > SCROLLED_DOWN_PX);
  useEffect(() => {
    const follow = () => setScrolledDown(window.scrollY > SCROLLED_DOWN_PX);
    follow();
    window.addEventListener('scroll', follow, { passive: true });
    return () => window.removeEventListener('scroll', follow);
  }, []);
  return scrolledDown;
}
