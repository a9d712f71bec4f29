import { useCallback, useEffect, useRef } from 'react';
import { useLocation, useNavigationType } from 'react-router-dom';
import { readTabItem, writeTabItem } from './tabStorage.ts';

/*
 * Back to a list puts the keyboard on the item that was opened from it, not at the top of the
 * page: a keyboard user goes on from where they were rather than tabbing through the list again.
 * Opening an item notes it against the list's history entry (its location key, in the tab's
 * storage); coming back to that entry (a POP: Back or Forward) the item focuses itself as it
 * appears, after the scroll was restored.
 */

const storageKey = (locationKey: string) => `boli.openedFrom.${locationKey}`;

/**
 * For a link to `target` in a list: the ref for the link and the click handler that notes it.
 * Coming back to the list's entry, the link that was followed takes the focus.
 */
export function useReturnFocus<E extends HTMLElement>(target: string) {
  const { key } = useLocation();
  const navigation = useNavigationType();
  const ref = useRef<E>(null);
  useEffect(() => {
    if (navigation === 'POP' && readTabItem(storageKey(key)) === target) {
      ref.current?.focus({ preventScroll: true });
    }
  }, [navigation, key, target]);
  const onOpen = useCallback(() => writeTabItem(storageKey(key), target), [key, target]);
  return { ref, onOpen };
}
