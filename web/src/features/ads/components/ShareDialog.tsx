import { useEffect, useState } from 'react';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import { useCloseOnBack } from '../../../lib/useCloseOnBack.ts';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { Announcer } from '../../../components/Announcer.tsx';
import { LIMITS } from '@boli/engine/shared/limits';
import { shareLinks } from '../model/shareLinks.ts';

type Props = { open: boolean; onClose: () => void; url: string; title: string };

/** Share an ad (section 2): the social apps, and Copy link, which reads Copied for 5 seconds. */
export function ShareDialog({ open, onClose, url, title }: Props) {
  useCloseOnBack(open, onClose);
  const [copied, setCopied] = useState(false);
  useEffect(() => {
    if (!copied) return;
    const timer = window.setTimeout(() => setCopied(false), LIMITS.copyConfirmationMs);
    return () => window.clearTimeout(timer);
  }, [copied]);

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(url);
    } catch {
      // Without clipboard access the link stays selected in the field for the user to copy.
      document.querySelector<HTMLInputElement>('#share-link')?.select();
    }
    setCopied(true);
  };

  return (
    <Dialog open={open} onClose={onClose} aria-labelledby="share-title" fullWidth maxWidth="xs">
      <DialogTitle id="share-title">Share this ad</DialogTitle>
      <DialogContent>
        <Stack spacing={1} sx={{ pt: 1 }}>
          {shareLinks(url, title).map(({ app, href }) => (
            <Button
              key={app}
              variant="outlined"
              href={href}
              target="_blank"
              rel="noopener noreferrer"
            >
              {app}
            </Button>
          ))}
          <TextField
            id="share-link"
            label="Link"
            value={url}
            size="small"
            slotProps={{ htmlInput: { readOnly: true } }}
          />
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={copy} variant="contained" color={copied ? 'success' : 'primary'}>
          {copied ? 'Copied' : 'Copy link'}
        </Button>
        <Button onClick={onClose}>Close</Button>
      </DialogActions>
      {/* The button's new word is said to a screen reader too, not only shown. */}
      <Announcer message={copied ? 'Link copied' : ''} />
    </Dialog>
  );
}
