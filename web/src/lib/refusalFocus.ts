import { useEffect, useRef, useState, type RefObject } from 'react';

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
 * For a form that says what is wrong beside its fields: `refused()` after each refusal takes the
 * focus to the first field it marked, once the marks are drawn — so the member (and a screen
 * reader) lands on what to fix, not on the button pressed. `form` goes on the form element (or on
 * the element holding the fields, where they are not a form of their own).
 */
export function useRefusalFocus<Holder extends HTMLElement = HTMLFormElement>(): {
  form: RefObject<Holder | null>;
  refused: () => void;
} {
  const form = useRef<Holder>(null);
  const [refusals, setRefusals] = useState(0);
  useEffect(() => {
    if (refusals > 0) focusFirstMarked(form.current);
  }, [refusals]);
  return { form, refused: () => setRefusals((n) => n + 1) };
}

/**
 * A form that, once refused for what is typed, judges it again as it is mended: from `refused()`
 * till `accepted()`, `said` is `problem` (what is wrong with the fields as they are now), so the
 * message and marks follow the fields (gone once put right) rather than saying what was wrong when
 * the button was pressed. `refused()` also takes the focus to the first field marked
 * (`useRefusalFocus`); `focusMarked()` does only that, for a refusal the form did not find itself.
 */
export function useJudgedOnceRefused<Problem>(problem: Problem | null) {
  const [checked, setChecked] = useState(false);
  const { form, refused } = useRefusalFocus();
  return {
    checked,
    said: checked ? problem : null,
    form,
    refused: () => {
      setChecked(true);
      refused();
    },
    accepted: () => setChecked(false),
    focusMarked: refused,
  };
}
