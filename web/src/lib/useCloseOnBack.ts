import { useEffect, useRef } from 'react';

/** The mark a dialog's history entry carries, beside the router's own state. */
const KEY = 'boliDialog';

let opened = 0;

/**
 * A closed dialog's entry being taken out: `history.back()` is asynchronous, and its popstate
 * arrives later. A dialog opened meanwhile (a success dialog after its confirmation) waits for it
 * before adding its own entry; else that popstate, heard as its own Back, closed it at once.
 */
let entryLeaving: Promise<void> | null = null;

/** Most a dialog waits for an entry to leave, should its popstate never come. */
const LEAVING_WAIT_MS = 500;

function takeEntryOut(): void {
  const left = new Promise<void>((resolve) => {
    window.addEventListener('popstate', () => resolve(), { once: true });
    window.setTimeout(resolve, LEAVING_WAIT_MS);
  });
  entryLeaving = left;
  void left.then(() => {
    if (entryLeaving === left) entryLeaving = null;
  });
  window.history.back();
}

const ownsEntry = (id: number): boolean =>
  (window.history.state as Record<string, unknown> | null)?.[KEY] === id;

/**
 * Lets the browser's Back button close a dialog that covers the page (on a phone it looks like a
 * page of its own, and Back would otherwise leave the page under it). While `open`, the dialog
 * has a history entry of its own at the same address: Back pops it and calls `close`. A `close`
 * that answers `false` keeps the dialog (a payment under way): its entry is put back, so the next
 * Back is the dialog's again rather than the page's. A dialog closed any other way takes its entry
 * back out, so Forward never reopens it.
 *
 * The entry is added a turn after opening, so React's development double effects add one, not
 * two; and after the entry of a dialog just closed has left (`entryLeaving`). Call `leave()` before a navigation that replaces the page (say `navigate(to, { replace:
 * true })` on success): the entry is then the navigation's to replace, not this hook's to remove.
 */
export function useCloseOnBack(open: boolean, close: () => boolean | void): { leave(): void } {
  const closeRef = useRef(close);
  closeRef.current = close;
  const leaving = useRef(false);

  useEffect(() => {
    if (!open) return;
    const id = ++opened;
    leaving.current = false;
    let pushed = false;
    let popped = false;
    const pushEntry = () =>
      window.history.pushState({ ...(window.history.state as object | null), [KEY]: id }, '');
    const onPop = () => {
      if (ownsEntry(id)) return;
      popped = true;
      if (closeRef.current() === false) {
        popped = false;
        pushEntry();
        return;
      }
      window.removeEventListener('popstate', onPop);
    };
    let closed = false;
    const addEntry = () => {
      if (closed) return;
      pushEntry();
      pushed = true;
      window.addEventListener('popstate', onPop);
    };
    const timer = window.setTimeout(() => {
      if (entryLeaving) void entryLeaving.then(addEntry);
      else addEntry();
    }, 0);
    return () => {
      closed = true;
      window.clearTimeout(timer);
      window.removeEventListener('popstate', onPop);
      if (pushed && !popped && !leaving.current && ownsEntry(id)) takeEntryOut();
    };
  }, [open]);

  return {
    leave() {
      leaving.current = true;
    },
  };
}
