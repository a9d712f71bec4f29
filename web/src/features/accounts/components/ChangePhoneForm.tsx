import { useRef, useState, type FormEvent } from 'react';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { DEFAULT_PHONE_CODE } from '@boli/engine/accounts/account.rules';
import { firstMessageOf } from '../../../app/api/client.ts';
import { PhoneNumberFields } from '../../../components/PhoneNumberFields.tsx';
import { changeUnverifiedPhone } from '../api/accountsApi.ts';
import { useRefusalFocus } from '../../../lib/refusalFocus.ts';

/**
 * On the OTP screen: a number mistyped at sign-up, changed before it is verified (no code could
 * reach it, and signing up again is refused as a duplicate). `onChanged` hears once it is
 * changed; the screen then sends a code to it when it can, and says so.
 */
export function ChangePhoneForm({
  username,
  onChanged,
}: {
  username: string;
  onChanged: () => void;
}) {
  const [open, setOpen] = useState(false);
  const [phoneCode, setPhoneCode] = useState(DEFAULT_PHONE_CODE);
  const [phone, setPhone] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const opener = useRef<HTMLButtonElement>(null);
  const field = useRef<HTMLInputElement>(null);
  // A refused number: the keyboard goes to it once it is marked and described by why.
  const { form, refused } = useRefusalFocus();

  if (!open) {
    return (
      <Button
        ref={opener}
        variant="text"
        sx={{ alignSelf: 'flex-start' }}
        onClick={() => {
          setOpen(true);
          // The field the member came for takes the keyboard.
          window.setTimeout(() => field.current?.focus());
        }}
      >
        Wrong number? Change it
      </Button>
    );
  }
  const close = () => {
    setOpen(false);
    setProblem(null);
    window.setTimeout(() => opener.current?.focus());
  };
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    try {
      await changeUnverifiedPhone({ username, phone, phoneCode });
      setPhone('');
      close();
      onChanged();
    } catch (error) {
      setProblem(firstMessageOf(error));
      refused();
    } finally {
      setBusy(false);
    }
  };
  return (
    <Stack
      component="form"
      ref={form}
      aria-label="Change the mobile number"
      noValidate
      spacing={2}
      onSubmit={(event) => void submit(event)}
    >
      <PhoneNumberFields
        phoneCode={phoneCode}
        onPhoneCode={setPhoneCode}
        phone={phone}
        onPhone={(typed) => {
          setPhone(typed);
          setProblem(null);
        }}
        phoneProps={{
          id: 'changed-mobile-number',
          inputRef: field,
          error: problem !== null,
          // Said as it comes, also to a member who pressed Enter in the field (whose focus
          // does not move).
          helperText: problem && <span role="alert">{problem}</span>,
        }}
      />
      <Stack direction="row" spacing={2}>
        <Button type="submit" variant="contained" loading={busy}>
          Save number
        </Button>
        <Button onClick={close} disabled={busy}>
          Cancel
        </Button>
      </Stack>
    </Stack>
  );
}
