/*
 * A notification arrived (the bell hears it from the live socket, useNotificationPush): a page
 * showing what it may be about (a profile whose number a request's answer shows or hides) reads
 * that again at once, rather than at its next poll. Each hears the position of the event it is
 * about, when known, to ask for an answer that includes it (My Bids' `after`).
 */

type Listener = (position?: string) => void;

const listeners = new Set<Listener>();
const otherTabListeners = new Set<() => void>();

/** Adds a listener to `set`; answers the way to take it off again. */
const subscriberOf =
  <L>(set: Set<L>) =>
  (listener: L): (() => void) => {
    set.add(listener);
    return () => {
      set.delete(listener);
    };
  };

/*
 * The member's other tabs in this browser. A tab where something a notification is about changed
 * (the bell opened, a number asked for, a request answered) says so; the others hear it as a
 * notification, and their bells count again, at once rather than at their next poll. (None where
 * the browser has no BroadcastChannel: the polls still catch up.)
 */
const otherTabs =
  typeof BroadcastChannel === 'undefined' ? null : new BroadcastChannel('boli-notifications');
otherTabs?.addEventListener('message', () => {
  for (const listener of otherTabListeners) listener();
  notificationArrived();
});

/** Tells the member's other tabs that something a notification is about changed in this one. */
export function changedInThisTab(): void {
  otherTabs?.postMessage('changed');
}

/** Calls `listener` whenever another tab says something changed there; returns the way to stop. */
export const onChangedInAnotherTab = subscriberOf(otherTabListeners);

const answerListeners = new Set<() => void>();

/**
 * A request for the member's number was answered in this tab, from the bell or on the asker's
 * profile: the other of the two, if shown, reads it again (`except` is the one that answered and
 * read it already), and so do the member's other tabs.
 */
export function requestAnsweredHere(except?: () => void): void {
  for (const listener of answerListeners) if (listener !== except) listener();
  changedInThisTab();
}

/** Calls `listener` whenever a request is answered in this tab; returns the way to stop. */
export const onRequestAnsweredHere = subscriberOf(answerListeners);

const outdatedListeners = new Set<() => void>();

/**
 * The member's own act in this tab outdated what a notice says (their final call made, or their
 * bidding closed, after 'You can now make a final call'), and no notification comes of it: the
 * bell reads its list again, here and in the member's other tabs.
 */
export function noticesOutdatedHere(): void {
  for (const listener of outdatedListeners) listener();
  changedInThisTab();
}

/** Calls `listener` whenever the member's own act here outdates a notice; returns the way to stop. */
export const onNoticesOutdatedHere = subscriberOf(outdatedListeners);

/** Calls `listener` whenever a notification arrives; returns the way to stop. */
export const onNotificationArrived = subscriberOf(listeners);

/** Tells every listener that a notification arrived (the last one's position, when known). */
export function notificationArrived(position?: string): void {
  for (const listener of listeners) listener(position);
}
