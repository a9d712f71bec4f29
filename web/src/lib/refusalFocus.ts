import { useEffect, type RefObject } from 'react';

/** A field a refusal marked, that the member can reach (not a select's hidden native input). */
const MARKED_FIELD = '[aria-invalid="true"]:not([aria-hidden="true"]):not([disabled])';

/** Moves the focus, and so the view, to the first field `form` marks invalid, else to `otherwise`. */
export function focusFirstMarked(
  form: HTMLElement | null | undefined,
  otherwise?: HTMLElement | null,
): void {
  (form?.querySelector<HTMLElement>(MARKED_FIELD) ?? otherwise)?.focus();
}

/**
 * After each refusal of a form — a new `refusal` value, so an object or a count, never a message
 * that may repeat — the focus goes to the first field it marked: the member (and a screen reader)
 * lands on what to fix, not on the button pressed. Nothing before the first refusal.
 */
export function useFocusOnRefusal(form: RefObject<HTMLElement | null>, refusal: unknown): void {
  useEffect(() => {
    if (refusal === 0 || refusal === null || refusal === undefined) return;
    focusFirstMarked(form.current);
  }, [form, refusal]);
}
