import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { BID_TYPES } from '@boli/engine/shared/limits';
import { amountTyped } from '../lib/numberInput.ts';
import { SELECT_TYPE, type BidDetails } from './bidDetails.ts';

type Props = {
  details: BidDetails;
  onChange: (change: Partial<BidDetails>) => void;
};

/** A bid's Type select and Amount (₹) field, which keeps only what amountTyped makes of it. */
export function BidDetailsFields({ details, onChange }: Props) {
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
          if (amount !== undefined) onChange({ amount });
        }}
        size="small"
        slotProps={{ htmlInput: { inputMode: 'decimal', autoComplete: 'off' } }}
        fullWidth
      />
    </>
  );
}
