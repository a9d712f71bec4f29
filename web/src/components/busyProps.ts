/**
 * A button busy with its own work (a download, a request): it looks disabled and says so, but
 * keeps the keyboard focus, which a `disabled` button drops to the page's body. Its onClick must
 * ignore presses while busy.
 */
export const busyProps = (busy: boolean) =>
  busy ? ({ 'aria-disabled': true, className: 'Mui-disabled' } as const) : {};
