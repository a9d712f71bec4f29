import type { Ref } from 'react';
import Alert from '@mui/material/Alert';
import TextField from '@mui/material/TextField';
import { LIMITS } from '@boli/engine/shared/limits';
import { MESSAGES } from '@boli/engine/shared/messages';
import { characterCount } from '@boli/engine/shared/characters';
import { reviewTextRefusal } from '@boli/engine/social/review.rules';

/** The refusals about the text itself, which mark the box. */
const TEXT_REFUSALS: readonly string[] = [MESSAGES.reviewTextRequired, MESSAGES.reviewTooLong];

/**
 * A review's text box, for a new review and a rewritten one: it counts where the text stands, as
 * the server counts, and says at once when the text runs past the limit (a paste too: nothing
 * typed is cut off, so the member chooses what goes). A refusal shows under it, marking the box
 * when it is about the text and describing it for a screen reader.
 */
export function ReviewTextField({
  label,
  text,
  onText,
  inputRef,
  failure,
  failureId,
  autoFocus = false,
}: {
  label: string;
  text: string;
  onText: (text: string) => void;
  inputRef: Ref<HTMLTextAreaElement>;
  failure: string | null;
  failureId: string;
  autoFocus?: boolean;
}) {
  const tooLong = reviewTextRefusal(text)?.code === 'REVIEW_TOO_LONG';
  const count = `${characterCount(text)} / ${LIMITS.reviewTextMax} characters`;
  return (
    <>
      <TextField
        label={label}
        value={text}
        onChange={(event) => onText(event.target.value)}
        inputRef={inputRef}
        autoFocus={autoFocus}
        multiline
        minRows={2}
        fullWidth
        error={tooLong || TEXT_REFUSALS.includes(failure ?? '')}
        slotProps={{ htmlInput: failure ? { 'aria-describedby': failureId } : {} }}
        helperText={
          tooLong && failure !== MESSAGES.reviewTooLong
            ? `${MESSAGES.reviewTooLong} (${count})`
            : text
              ? count
              : undefined
        }
      />
      {failure && (
        <Alert severity="error" sx={{ mt: 1 }} id={failureId}>
          {failure}
        </Alert>
      )}
    </>
  );
}
