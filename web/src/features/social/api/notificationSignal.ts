/*
 * A notification arrived (the bell hears it from the live socket, useNotificationPush): a page
 * showing what it may be about (a profile whose number a request's answer shows or hides) reads
 * that again at once, rather than at its next poll.
 */

const listeners = new Set<() => void>();

/** Calls `listener` whenever a notification arrives; returns the way to stop. */
export function onNotificationArrived(listener: () => void): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

/** Tells every listener that a notification arrived. */
export function notificationArrived(): void {
  for (const listener of listeners) listener();
}
