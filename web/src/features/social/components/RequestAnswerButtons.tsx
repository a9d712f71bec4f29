import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import type { RequestAnswer } from '../api/socialApi.ts';
import { ANSWER_LABEL } from '../requestAnswers.ts';

/**
 * Approve / Reject, or Revoke, under a request for the member's number (the bell, the asker's
 * profile). Each is described by the request it answers ('asha_k has requested your mobile
 * number.'), so several read apart.
 */
export function RequestAnswerButtons({
  answers,
  busy,
  describedBy,
  onAnswer,
}: {
  answers: readonly RequestAnswer[];
  busy: boolean;
  describedBy: string;
  onAnswer: (answer: RequestAnswer) => void;
}) {
  if (answers.length === 0) return null;
  return (
    <Stack direction="row" spacing={1} sx={{ mt: 0.5 }}>
      {answers.map((answer) => (
        <Button
          key={answer}
          size="small"
          variant={answer === 'approved' ? 'contained' : 'outlined'}
          color={answer === 'approved' ? 'primary' : 'inherit'}
          disabled={busy}
          onClick={() => onAnswer(answer)}
          aria-describedby={describedBy}
        >
          {ANSWER_LABEL[answer]}
        </Button>
      ))}
    </Stack>
  );
}
