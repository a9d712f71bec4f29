import { useRef, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { adHistoryPathOf } from '../adHistoryLookup.ts';

/**
 * /support/ads (support, auditors and admins; not in the spec's table): the way into an ad's
 * history from the menu, for a dispute that arrives as a link or an id rather than on the ad's
 * page (whose Bid history button leads to the same place).
 */
export function AdHistoryLookupScreen() {
  const navigate = useNavigate();
  const [entry, setEntry] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const field = useRef<HTMLInputElement>(null);
  const open = (event: FormEvent) => {
    event.preventDefault();
    const path = adHistoryPathOf(entry);
    if (path === null) {
      // Said (role alert), with the keyboard on the field it is about.
      setProblem('Paste the ad’s link, or type its id.');
      return field.current?.focus();
    }
    navigate(path);
  };
  return (
    <Stack spacing={2} component="form" noValidate onSubmit={open} sx={{ maxWidth: 640 }}>
      <Typography variant="h5" component="h1">
        Ad history
      </Typography>
      <Typography color="textSecondary">
        Every event of an ad, its hash chain checked, and the ad replayed as it stood at any
        instant, Hidden bids included.
      </Typography>
      <TextField
        label="Ad link or id"
        value={entry}
        onChange={(event) => {
          setEntry(event.target.value);
          setProblem(null);
        }}
        error={problem !== null}
        helperText={problem ?? 'For example https://…/ads/swift-dzire-1a2b3c'}
        inputRef={field}
        slotProps={{ formHelperText: problem === null ? {} : { role: 'alert' } }}
        autoFocus
        fullWidth
      />
      <Button type="submit" variant="contained" sx={{ alignSelf: 'flex-start' }}>
        Show history
      </Button>
    </Stack>
  );
}
