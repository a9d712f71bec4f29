import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { BID_TYPES } from '@boli/engine/shared/limits';
import { currencySymbol } from '../lib/format.ts';
import { AMOUNT_FIELD } from '../lib/numberInput.ts';
import { useTypedRefusal } from '../lib/useTypedRefusal.ts';
import {
  amountEcho,
  isZeroAmount,
  SELECT_TYPE,
  ZERO_AMOUNT_HINT,
  type BidDetails,
  type BidField,
} from './bidDetails.ts';

type Props = {
  details: BidDetails;
  onChange: (change: Partial<BidDetails>) => void;
  /** Fields the form's message is about: marked invalid and described by `describedBy`. */
  invalid?: readonly BidField[];
  /** The id of the form's message. */
  describedBy?: string;
  /** What the amount is in: the ad's currency (a slot's bid is in rupees). */
  currencyCode?: string;
};

/** A bid's Type select and Amount (₹) field, which keeps only what can be an amount. */
export function BidDetailsFields({
  details,
  onChange,
  invalid = [],
  describedBy,
  currencyCode = 'INR',
}: Props) {
  const fault = (field: BidField) =>
    invalid.includes(field) ? { error: true, 'aria-describedby': describedBy } : {};
  const { error: typeError, ...typeDescription } = fault('type');
  const { error: amountError, ...amountDescription } = fault('amount');
  const refusal = useTypedRefusal<'amount'>();
  const hint = refusal.hintOf('amount', details.amount);
  // A key refused is said (a status); else the amount as money, shown, not read out at each key.
  const echo = amountEcho(details.amount, currencyCode);
  // A bid of nothing refused: said at the field, beside the form's 'Enter all bid details'.
  const zeroRefused = amountError === true && isZeroAmount(details.amount);
  // A refusal says what the field took, too: '1e3' leaves 13, which the member should see.
  const shownEcho = echo && <span aria-hidden="true">{hint ? ` It reads ${echo}.` : echo}</span>;
  const helperText = zeroRefused ? (
    ZERO_AMOUNT_HINT
  ) : hint ? (
    <>
      {hint}
      {shownEcho}
    </>
  ) : (
    shownEcho
  );
  return (
    <>
      <TextField
        select
        label="Type"
        name="type"
        value={details.type}
        onChange={(e) => onChange({ type: e.target.value as BidDetails['type'] })}
        size="small"
        fullWidth
        error={typeError}
        // The select's button (what the keyboard reaches) carries the mark and the description.
        slotProps={{
          select: {
            SelectDisplayProps: { ...typeDescription, 'aria-invalid': typeError ?? false },
          },
        }}
      >
        <MenuItem value={SELECT_TYPE}>{SELECT_TYPE}</MenuItem>
        {BID_TYPES.map((type) => (
          <MenuItem key={type} value={type}>
            {type}
          </MenuItem>
        ))}
      </TextField>
      <TextField
        label={`Amount (${currencySymbol(currencyCode)})`}
        name="bidamt"
        value={details.amount}
        onChange={(e) => {
          const amount = refusal.typed('amount', AMOUNT_FIELD, details.amount, e.target.value);
          if (amount !== undefined) onChange({ amount });
        }}
        size="small"
        error={amountError}
        helperText={helperText}
        slotProps={{
          htmlInput: { inputMode: 'decimal', autoComplete: 'off', ...amountDescription },
          formHelperText: { role: 'status' },
        }}
        fullWidth
      />
    </>
  );
}
