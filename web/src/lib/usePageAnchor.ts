import { useCallback, useState } from 'react';
import { useLocation } from 'react-router-dom';

/**
 * The anchor of a top-bar popup (the menu, the notifications): it belongs to the page it was
 * opened on, so the popup is closed once the page changes under it, by Back or Forward included,
 * rather than left over the page the browser went to.
 */
export function usePageAnchor(): [HTMLElement | null, (anchor: HTMLElement | null) => void] {
  const { key } = useLocation();
  const [held, setHeld] = useState<{ key: string; anchor: HTMLElement | null }>({
    key,
    anchor: null,
  });
  const setAnchor = useCallback((anchor: HTMLElement | null) => setHeld({ key, anchor }), [key]);
  return [held.key === key ? held.anchor : null, setAnchor];
}
