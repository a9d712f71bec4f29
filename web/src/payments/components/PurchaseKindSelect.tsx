import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { PURCHASE_KIND_CHOICES, type PurchaseKindChoice } from '../model/purchaseKinds.ts';

/** Picks a kind of purchase to list, or all of them (/transactions' Type, /audit's Kind). */
export function PurchaseKindSelect({
  label,
  value,
  onChange,
  minWidth,
}: {
  label: string;
  value: PurchaseKindChoice;
  onChange: (kind: PurchaseKindChoice) => void;
  minWidth: number;
}) {
  return (
    <TextField
      select
      size="small"
      label={label}
      value={value}
      onChange={(event) => onChange(event.target.value as PurchaseKindChoice)}
      sx={{ minWidth }}
    >
      {PURCHASE_KIND_CHOICES.map((choice) => (
        <MenuItem key={choice.value} value={choice.value}>
          {choice.label}
        </MenuItem>
      ))}
    </TextField>
  );
}
