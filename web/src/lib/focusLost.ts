/**
 * Whether the keyboard's focus is on nothing: on the page's body, or on an element since removed
 * (a control that went away with the focus in it). Then a screen may put it where the user is.
 */
export function focusIsLost(): boolean {
  const focused = document.activeElement;
  return focused === null || focused === document.body || !focused.isConnected;
}
