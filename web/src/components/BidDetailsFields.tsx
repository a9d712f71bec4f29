import { useState } from 'react';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { BID_TYPES } from '@boli/engine/shared/limits';
import {
  AMOUNT_TYPED_HINT,
  amountTyped,
  refusalAfter,
  refusalShown,
  type TypedRefusal,
} from '../lib/numberInput.ts';
import { SELECT_TYPE, type BidDetails, type BidField } from './bidDetails.ts';

type Props = {
  details: BidDetails;
  onChange: (change: Partial<BidDetails>) => void;
  /** Fields the form's message is about: marked invalid and described by `describedBy`. */
  invalid?: readonly BidField[];
  /** The id of the form's message. */
  describedBy?: string;
};

/** A bid's Type select and Amount (₹) field, which keeps only what amountTyped makes of it. */
export function BidDetailsFields({ details, onChange, invalid = [], describedBy }: Props) {
  const fault = (field: BidField) =>
    invalid.includes(field) ? { error: true, 'aria-describedby': describedBy } : {};
  const { error: typeError, ...typeDescription } = fault('type');
  const { error: amountError, ...amountDescription } = fault('amount');
  // A key or paste the amount refused ('e', '-', a third decimal) is said, not silently dropped:
  // "1e5" would otherwise read as a bid of 15 unexplained (refusalAfter says till when).
  const [refused, setRefused] = useState<TypedRefusal>(null);
  const hint = refusalShown(refused, details.amount) ? AMOUNT_TYPED_HINT : undefined;
  return (
    <>
      <TextField
        select
        label="Type"
        name="type"
        value={details.type}
        onChange={(e) => onChange({ type: e.target.value as BidDetails['type'] })}
        size="small"
        sx={{ minWidth: 150 }}
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
        label="Amount (₹)"
        name="bidamt"
        value={details.amount}
        onChange={(e) => {
          const amount = amountTyped(e.target.value);
          setRefused(refusalAfter(refused, details.amount, amount));
          if (amount !== undefined) onChange({ amount });
        }}
        size="small"
        error={amountError}
        helperText={hint}
        slotProps={{
          htmlInput: { inputMode: 'decimal', autoComplete: 'off', ...amountDescription },
          formHelperText: { role: 'status' },
        }}
        fullWidth
      />
    </>
  );
}
