import { useState } from 'react';
import Avatar from '@mui/material/Avatar';
import Dialog from '@mui/material/Dialog';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import CloseIcon from '@mui/icons-material/Close';
import { thumbnailOfPicture } from '@boli/engine/shared/pictureNames';
import { useCloseOnBack } from '../lib/useCloseOnBack.ts';
import { VISUALLY_HIDDEN } from './Announcer.tsx';

type Props = { name: string; src?: string };

/**
 * A small avatar, drawn from the picture's small copy (30 KB down to 2 KB on every page); clicking
 * it shows the picture itself enlarged in a dialog, which Back closes (on a phone it covers the page).
 */
export function EnlargeableAvatar({ name, src }: Props) {
  const [open, setOpen] = useState(false);
  useCloseOnBack(open, () => setOpen(false));
  const initial = name.charAt(0).toUpperCase();
  return (
    <>
      <IconButton
        onClick={() => setOpen(true)}
        aria-label={`Enlarge ${name}'s picture`}
        sx={{ p: 0.5 }}
      >
        <Avatar
          src={src && thumbnailOfPicture(src)}
          alt={name}
          sx={{ width: 34, height: 34, bgcolor: 'secondary.main' }}
        >
          {initial}
        </Avatar>
      </IconButton>
      <Dialog
        open={open}
        onClose={() => setOpen(false)}
        slotProps={{ paper: { sx: { position: 'relative' } } }}
      >
        {/* The dialog's name: MUI points its aria-labelledby at the title, shown or not. */}
        <DialogTitle sx={VISUALLY_HIDDEN}>{`${name}'s picture`}</DialogTitle>
        <IconButton
          aria-label="Close"
          onClick={() => setOpen(false)}
          sx={{
            position: 'absolute',
            top: 4,
            right: 4,
            zIndex: 1,
            color: 'common.white',
            bgcolor: 'rgba(0,0,0,0.5)',
            '&:hover': { bgcolor: 'rgba(0,0,0,0.7)' },
          }}
        >
          <CloseIcon />
        </IconButton>
        <Avatar
          src={src}
          alt={name}
          variant="square"
          sx={{
            width: { xs: 280, sm: 400 },
            height: { xs: 280, sm: 400 },
            fontSize: 120,
            bgcolor: 'secondary.main',
          }}
        >
          {initial}
        </Avatar>
      </Dialog>
    </>
  );
}
