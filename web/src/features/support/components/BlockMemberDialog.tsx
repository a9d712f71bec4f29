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

/**
 * Asks support why a member is blocked, then blocks them with `onBlock`; a refusal (the api's
 * words) stays in the dialog under the reason. Back closes it, as Cancel does.
 */
export function BlockMemberDialog({
  username,
  onBlock,
  onClose,
}: {
  username: string;
  onBlock: (reason: string) => Promise<void>;
  onClose: () => void;
}) {
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
      await onBlock(reason.trim());
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
      aria-labelledby="block-member-title"
    >
      <form noValidate onSubmit={submit}>
        <DialogTitle id="block-member-title">Block {username}</DialogTitle>
        <DialogContent>
          <DialogContentText sx={{ mb: 2 }}>
            Every session of theirs ends at once. Until the block is lifted, their profile and their
            ads are hidden from other members (an ad's page answers 'Ad not found', and bids on
            their ads are refused).
          </DialogContentText>
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
          <Button type="submit" variant="contained" color="error" loading={saving}>
            Block
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
