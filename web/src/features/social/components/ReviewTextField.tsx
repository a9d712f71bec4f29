import type { Ref } from 'react';
import Alert from '@mui/material/Alert';
import TextField from '@mui/material/TextField';
import { LIMITS } from '@boli/engine/shared/limits';
import { MESSAGES } from '@boli/engine/shared/messages';
import { characterCount } from '@boli/engine/shared/characters';
import { withinReviewLimit } from '../model/reviewList.ts';

/**
 * A review's text box, for a new review and a rewritten one: it stops at the limit (a paste too)
 * and counts where the text stands, as the server counts; a refusal shows under it, marking the box when it is about
 * the text and describing it for a screen reader.
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
  return (
    <>
      <TextField
        label={label}
        value={text}
        // Kept within the limit as the server counts it (an emoji is one character, where the
        // browser's maxLength would count two), a paste too.
        onChange={(event) => onText(withinReviewLimit(event.target.value))}
        inputRef={inputRef}
        autoFocus={autoFocus}
        multiline
        minRows={2}
        fullWidth
        error={failure === MESSAGES.reviewTextRequired}
        slotProps={{ htmlInput: failure ? { 'aria-describedby': failureId } : {} }}
        helperText={
          text ? `${characterCount(text)} / ${LIMITS.reviewTextMax} characters` : undefined
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
