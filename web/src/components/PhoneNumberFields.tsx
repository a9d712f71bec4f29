import type { ComponentProps } from 'react';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { phoneTyped } from '../lib/numberInput.ts';

type Props = {
  phoneCode: string;
  onPhoneCode: (code: string) => void;
  phone: string;
  /** The number as `phoneTyped` keeps it: a pasted '+91 98765 43210' is its 10 digits. */
  onPhone: (phone: string) => void;
  /** The number field's own: its name, error and helper text, ref. */
  phoneProps?: Omit<ComponentProps<typeof TextField>, 'value' | 'onChange'>;
};

/** A member's own mobile number: its dialling code, then the number (Register, the OTP screen). */
export function PhoneNumberFields({ phoneCode, onPhoneCode, phone, onPhone, phoneProps }: Props) {
  return (
    <Stack direction="row" spacing={2}>
      <TextField
        label="Code"
        name="phoneCode"
        autoComplete="tel-country-code"
        value={phoneCode}
        onChange={(event) => onPhoneCode(event.target.value)}
        // The phone's dial pad, which has the '+': a country code is digits after it.
        type="tel"
        slotProps={{ htmlInput: { inputMode: 'tel' } }}
        sx={{ width: 100, flexShrink: 0 }}
      />
      <TextField
        label="Mobile number"
        type="tel"
        autoComplete="tel-national"
        fullWidth
        required
        {...phoneProps}
        value={phone}
        // No maxLength: it would cut a pasted number before phoneTyped takes its digits.
        onChange={(event) => onPhone(phoneTyped(event.target.value, phoneCode))}
        slotProps={{ htmlInput: { inputMode: 'numeric' } }}
      />
    </Stack>
  );
}
