import type { ComponentProps } from 'react';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';

type Props = Omit<ComponentProps<typeof TextField>, 'select' | 'onChange'> & {
  /** The reference list; when it is empty the place is typed instead (no list for it here). */
  options: readonly string[];
  value: string;
  onChange: (value: string) => void;
};

/** A dependent address picker: a select from the reference data, or free text without a list. */
export function PlaceField({ options, value, onChange, ...props }: Props) {
  if (options.length === 0) {
    return (
      <TextField {...props} value={value} onChange={(event) => onChange(event.target.value)} />
    );
  }
  // A saved value that the list no longer has stays selectable rather than vanishing.
  const names = value && !options.includes(value) ? [value, ...options] : options;
  return (
    <TextField {...props} select value={value} onChange={(event) => onChange(event.target.value)}>
      {names.map((name) => (
        <MenuItem key={name} value={name}>
          {name}
        </MenuItem>
      ))}
    </TextField>
  );
}
