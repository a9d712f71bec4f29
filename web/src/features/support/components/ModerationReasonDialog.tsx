import { useRef, useState, type FormEvent } from 'react';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import { firstMessageOf } from '../../../app/api/client.ts';
import { useCloseOnBack } from '../../../lib/useCloseOnBack.ts';
import { BLOCK_REASON_MAX, blockReasonProblem } from '../moderation.ts';

/** What each moderation action's dialog says, and its button. */
const WORDS = {
  block: {
    title: 'Block',
    act: 'Block',
    color: 'error',
    what: "Every session of theirs ends at once. Until the block is lifted, their profile, their ads and the reviews they wrote are hidden from other members (an ad's page answers 'Ad not found', and bids on their ads are refused).",
  },
  unblock: {
    title: 'Unblock',
    act: 'Unblock',
    color: 'primary',
    what: 'They can sign in again, and their profile and ads are shown to other members again. The reason is kept in the history, beside the block’s.',
  },
} as const;

/**
 * Asks support why a member is blocked or unblocked, then does it with `onAct`; a refusal (the
 * api's words) stays in the dialog under the reason. Back closes it, as Cancel does.
 */
export function ModerationReasonDialog({
  action,
  username,
  onAct,
  onClose,
}: {
  action: keyof typeof WORDS;
  username: string;
  onAct: (reason: string) => Promise<void>;
  onClose: () => void;
}) {
  const words = WORDS[action];
  const [reason, setReason] = useState('');
  const [problem, setProblem] = useState<string | undefined>(undefined);
  const [saving, setSaving] = useState(false);
  // A refusal is said (role alert) and the keyboard goes to the field it is about.
  const field = useRef<HTMLTextAreaElement>(null);
  // Back closes it, as Cancel does (on a phone it covers the page); not while the block is sent.
  useCloseOnBack(true, () => (saving ? false : onClose()));

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const refused = blockReasonProblem(reason);
    setProblem(refused);
    if (refused) return field.current?.focus();
    setSaving(true);
    try {
      await onAct(reason.trim());
    } catch (error) {
      setProblem(firstMessageOf(error));
      setSaving(false);
      field.current?.focus();
    }
  };

  return (
    <Dialog
      open
      onClose={saving ? undefined : onClose}
      fullWidth
      maxWidth="sm"
      aria-labelledby="moderation-reason-title"
    >
      <form noValidate onSubmit={submit}>
        <DialogTitle id="moderation-reason-title">
          {words.title} {username}
        </DialogTitle>
        <DialogContent>
          <DialogContentText sx={{ mb: 2 }}>{words.what}</DialogContentText>
          <TextField
            label="Reason"
            required
            autoFocus
            fullWidth
            multiline
            minRows={3}
            value={reason}
            onChange={(event) => {
              setReason(event.target.value);
              setProblem(undefined);
            }}
            error={problem !== undefined}
            helperText={problem ?? `${reason.trim().length}/${BLOCK_REASON_MAX}`}
            inputRef={field}
            slotProps={{
              htmlInput: { maxLength: BLOCK_REASON_MAX },
              formHelperText: problem === undefined ? {} : { role: 'alert' },
            }}
          />
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose} disabled={saving}>
            Cancel
          </Button>
          <Button type="submit" variant="contained" color={words.color} loading={saving}>
            {words.act}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
