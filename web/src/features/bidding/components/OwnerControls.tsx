import { useEffect, useState } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { indiaPickerValueOf } from '@boli/engine/shared/indiaTime';
import { MESSAGES } from '@boli/engine/shared/messages';
import { firstMessageOf } from '../../../app/api/client.ts';
import { formatDateTime } from '../../../lib/format.ts';
import { serverNow } from '../../../lib/serverClock.ts';
import { useApi } from '../../../app/session/useApi.ts';
import { closeBidding, makeFinalCall } from '../api/bidsApi.ts';
import type { BidSummaryView } from '../api/bidViews.ts';
import type { BidControls } from '../model/biddingPhase.ts';
import { finalCallDeadline, pickedDeadline } from '../model/finalCall.ts';
import { timeUntilText } from '../../../lib/timeUntil.ts';
import { ConfirmDialog } from '../../../components/ConfirmDialog.tsx';
import { useClock } from './useClock.ts';
import { useCloseOnBack } from '../../../lib/useCloseOnBack.ts';
import { noticesOutdatedHere } from '../../../app/notificationSignal.ts';

type Props = {
  itemId: string;
  controls: BidControls;
  /** A call succeeded: its summary and the success message to show. */
  onDone: (summary: BidSummaryView, message: string) => void;
};

/**
 * Under the picker: a time that is no date-time (a five-digit year) or not after now is refused;
 * either way, one it can read is repeated in Boli's own words (the picker writes it the browser's
 * way, 12/09/2026 for 9 December or 12 September), valid with how far off it is, since it cannot
 * be changed, and past as such: a day and month typed the wrong way round is seen for what it is.
 */
function deadlineHelp(value: string, deadline: string | null, nowMs: number): string {
  if (value === '') return ' ';
  const picked = pickedDeadline(value);
  if (picked === undefined) return MESSAGES.finalCallDateRequired;
  return deadline === null
    ? `${formatDateTime(picked)} is past: choose a time from now on`
    : `Closes ${formatDateTime(deadline)}, ${timeUntilText(deadline, nowMs)}`;
}

/**
 * The picker for the final call's deadline: required, not before now. A failed call is said
 * inside it, the time chosen kept, so pressing again is one tap.
 */
function FinalCallDialog({
  open,
  failure,
  onCancel,
  onConfirm,
}: {
  open: boolean;
  failure: string | null;
  onCancel: () => void;
  /** Whether the final call was made. */
  onConfirm: (deadline: string) => Promise<boolean>;
}) {
  const [value, setValue] = useState('');
  const [sending, setSending] = useState(false);
  // Ticks each second, for the help text to follow the clock; judged by the clock as it reads
  // now, not at the last tick, else the current second would still pass for the future.
  useClock(open);
  // On a phone the dialog looks like a page: Back closes it, as Cancel does.
  useCloseOnBack(open, onCancel);
  const now = serverNow();
  const deadline = finalCallDeadline(value, now);
  // The picker's minimum is the moment the dialog opened, not the ticking clock: Chromium clears
  // a half-typed date-time whenever `min` changes. The helper text judges by the clock.
  const [earliest, setEarliest] = useState(serverNow);
  useEffect(() => {
    if (open) setEarliest(serverNow());
  }, [open]);
  return (
    <Dialog
      open={open}
      onClose={onCancel}
      aria-labelledby="final-call-title"
      aria-describedby="final-call-warning"
    >
      <DialogTitle id="final-call-title">Final Call</DialogTitle>
      <DialogContent>
        <DialogContentText id="final-call-warning" variant="body2" sx={{ mb: 1 }}>
          Bidding closes at this time for good. A final call cannot be changed once made.
        </DialogContentText>
        <TextField
          type="datetime-local"
          label="Bidding closes at (India time)"
          value={value}
          onChange={(e) => setValue(e.target.value)}
          required
          // The keyboard starts where the dialog's one answer is typed.
          autoFocus
          error={value !== '' && deadline === null}
          helperText={deadlineHelp(value, deadline, now)}
          slotProps={{
            inputLabel: { shrink: true },
            htmlInput: { min: indiaPickerValueOf(new Date(earliest).toISOString()), step: 1 },
          }}
          sx={{ mt: 1 }}
          fullWidth
        />
        {failure && (
          <Alert severity="error" sx={{ mt: 1 }}>
            {failure}
          </Alert>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onCancel}>Cancel</Button>
        <Button
          variant="contained"
          disabled={deadline === null}
          loading={sending}
          onClick={async () => {
            const judged = finalCallDeadline(value, serverNow());
            if (!judged) return;
            setSending(true);
            try {
              if (await onConfirm(judged)) setValue('');
            } finally {
              setSending(false);
            }
          }}
        >
          Make Final Call
        </Button>
      </DialogActions>
    </Dialog>
  );
}

/**
 * Close Bid asks first: closing ends the bidding for good, and the button sits beside Final Call.
 */
function CloseBidDialog({
  open,
  closing,
  onCancel,
  onConfirm,
}: {
  open: boolean;
  closing: boolean;
  onCancel: () => void;
  onConfirm: () => void;
}) {
  return (
    <ConfirmDialog
      open={open}
      titleId="close-bid-title"
      title="Close bidding now?"
      keepLabel="Keep bidding open"
      actLabel="Close Bid"
      acting={closing}
      onKeep={onCancel}
      onAct={onConfirm}
    >
      No more bids will be taken on this ad, and it cannot be opened again.
    </ConfirmDialog>
  );
}

const FINAL_CALL_WAITS_ID = 'final-call-waits';
/** Why Final Call is disabled: it needs a bid placed before the final call. */
const FINAL_CALL_WAITS = 'Final Call can be made once a bid is placed.';

/** The owner's Final Call and Close Bid, while bidding is open (section 6). */
export function OwnerControls({ itemId, controls, onDone }: Props) {
  const { request } = useApi();
  const [picking, setPicking] = useState(false);
  const [confirmingClose, setConfirmingClose] = useState(false);
  const [closing, setClosing] = useState(false);
  const [failure, setFailure] = useState<{ of: 'finalCall' | 'close'; message: string } | null>(
    null,
  );
  if (!controls.showFinalCall && !controls.showCloseBid) return null;
  // A final call whose answer was lost may have been made all the same: once the live news says
  // it was (Final Call gone), its dialog goes, failure and all. Close Bid's goes with the controls.
  const finalCallFailure = failure?.of === 'finalCall' ? failure.message : null;
  const closeFailure = failure?.of === 'close' ? failure.message : null;

  // Either answers once the ad's read model has it: the bell, read again, no longer offers the
  // final call that 'placed the first bid' notices end with.
  const finalCall = async (deadline: string): Promise<boolean> => {
    setFailure(null);
    try {
      const summary = await makeFinalCall(request, itemId, deadline);
      noticesOutdatedHere();
      setPicking(false);
      onDone(summary, MESSAGES.finalCallDone);
      return true;
    } catch (error) {
      setFailure({ of: 'finalCall', message: firstMessageOf(error) });
      return false;
    }
  };

  const close = async () => {
    setFailure(null);
    setClosing(true);
    try {
      const summary = await closeBidding(request, itemId);
      noticesOutdatedHere();
      setConfirmingClose(false);
      onDone(summary, MESSAGES.bidClosed);
    } catch (error) {
      setConfirmingClose(false);
      setFailure({ of: 'close', message: firstMessageOf(error) });
    } finally {
      setClosing(false);
    }
  };

  return (
    <Stack spacing={1}>
      <Stack direction="row" spacing={2}>
        {controls.showFinalCall && (
          <Button
            variant="contained"
            disabled={!controls.finalCallEnabled}
            aria-describedby={controls.finalCallEnabled ? undefined : FINAL_CALL_WAITS_ID}
            onClick={() => setPicking(true)}
          >
            Final Call
          </Button>
        )}
        {controls.showCloseBid && (
          <Button variant="outlined" color="error" onClick={() => setConfirmingClose(true)}>
            Close Bid
          </Button>
        )}
      </Stack>
      {controls.showFinalCall && !controls.finalCallEnabled && (
        // A disabled button says nothing of why: the rule (section 6) is said beside it.
        <Typography id={FINAL_CALL_WAITS_ID} variant="caption" color="textSecondary">
          {FINAL_CALL_WAITS}
        </Typography>
      )}
      {closeFailure && <Alert severity="error">{closeFailure}</Alert>}
      <FinalCallDialog
        open={picking && controls.showFinalCall}
        failure={finalCallFailure}
        onCancel={() => {
          setPicking(false);
          setFailure(null);
        }}
        onConfirm={finalCall}
      />
      <CloseBidDialog
        open={confirmingClose}
        closing={closing}
        onCancel={() => setConfirmingClose(false)}
        onConfirm={() => void close()}
      />
    </Stack>
  );
}
