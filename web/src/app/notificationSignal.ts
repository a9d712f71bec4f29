/*
 * A notification arrived (the bell hears it from the live socket, useNotificationPush): a page
 * showing what it may be about (a profile whose number a request's answer shows or hides) reads
 * that again at once, rather than at its next poll. Each hears the position of the event it is
 * about, when known, to ask for an answer that includes it (My Bids' `after`).
 */

type Listener = (position?: string) => void;

const listeners = new Set<Listener>();

/** Calls `listener` whenever a notification arrives; returns the way to stop. */
export function onNotificationArrived(listener: Listener): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

/** Tells every listener that a notification arrived (the last one's position, when known). */
export function notificationArrived(position?: string): void {
  for (const listener of listeners) listener(position);
}
