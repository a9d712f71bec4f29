import { useEffect } from 'react';

/** A browser tab's title: what is on the page, then the site. */
export const pageTitle = (name: string): string => `${name} · Boli`;

/**
 * Names the tab after what the page shows (an ad, a member) once it is known, so that a member
 * with several ads open can tell the tabs apart; until then, and on other pages, the route's
 * name (AppShell).
 */
export function useItemTitle(name: string | undefined): void {
  useEffect(() => {
    if (name) document.title = pageTitle(name);
  }, [name]);
}
