import type { ComponentProps } from 'react';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';

type Props = Omit<ComponentProps<typeof TextField>, 'select' | 'onChange' | 'value'> & {
  /** The reference list; when it is empty (and `typeWhenEmpty`) the value is typed instead. */
  options: readonly string[];
  value: string;
  onChange: (value: string) => void;
  /** The first entry, meaning "none chosen" (filters: 'Any'). */
  emptyLabel?: string;
  typeWhenEmpty?: boolean;
};

/**
 * A dependent picker of the ad forms and filters: a select over reference data, or free text when
 * there is no list for this choice (a make the list does not know, say).
 */
export function ChoiceField({
  options,
  value,
  onChange,
  emptyLabel,
  typeWhenEmpty = false,
  ...props
}: Props) {
  if (options.length === 0 && typeWhenEmpty) {
    return (
      <TextField {...props} value={value} onChange={(event) => onChange(event.target.value)} />
    );
  }
  // A saved value the list no longer has stays selectable rather than vanishing.
  const names = value && !options.includes(value) ? [value, ...options] : options;
  return (
    <TextField {...props} select value={value} onChange={(event) => onChange(event.target.value)}>
      {emptyLabel !== undefined && (
        <MenuItem value="">
          <em>{emptyLabel}</em>
        </MenuItem>
      )}
      {names.map((name) => (
        <MenuItem key={name} value={name}>
          {name}
        </MenuItem>
      ))}
    </TextField>
  );
}
