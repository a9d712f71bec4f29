/**
 * Whether the keyboard's focus is on nothing: on the page's body, or on an element since removed
 * (a control that went away with the focus in it). Then a screen may put it where the user is.
 * Within a modal popup, `trapRoot` is its root: its focus trap takes a focus lost inside it there.
 */
export function focusIsLost(trapRoot?: Element | null): boolean {
  const focused = document.activeElement;
  return (
    focused === null ||
    focused === document.body ||
    !focused.isConnected ||
    (trapRoot != null && focused === trapRoot)
  );
}

/**
 * For a dialog's exit transition's end: once the dialog has left the page (its focus trap hands
 * the focus back as it unmounts, just after), `target` takes the focus if nothing has it — the
 * dialog opened with nothing focused, or over a control that went away or was disabled.
 */
export function focusWhenDialogLeft(target: (() => HTMLElement | null) | undefined): void {
  window.setTimeout(() => {
    if (focusIsLost()) target?.()?.focus();
  });
}
