import { useRef, useState, type DragEvent } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import CloudUploadIcon from '@mui/icons-material/CloudUpload';
import { LIMITS } from '@boli/engine/shared/limits';
import { ON_TOUCH } from '../../../app/theme.ts';
import {
  MEDIA_ACCEPT,
  MEDIA_MAX_MB,
  MEDIA_REFUSALS,
  sortDroppedFiles,
  type MediaRefusal,
} from '../../../lib/mediaFiles.ts';

type Props = {
  /** How many media the ad already has (uploaded, uploading or kept). */
  held: number;
  /** How the count names what it counts: files chosen for a new ad, or a gallery's items. */
  heldWord?: string;
  onFiles: (files: File[]) => void;
  disabled?: boolean;
};

/**
 * Where photos and videos are dropped or chosen (section 5): the allowed extensions, 10 MB each,
 * 6 per ad, all said before a file is chosen. Refused files are named with the reason; the others
 * go to `onFiles`. A file refused as one too many is said only while the ad is still full: once a
 * photo is removed, Choose files takes it.
 */
export function MediaDropZone({ held, heldWord = 'chosen', onFiles, disabled = false }: Props) {
  const input = useRef<HTMLInputElement>(null);
  const [over, setOver] = useState(false);
  const [refusals, setRefusals] = useState<{ line: string; reason: MediaRefusal }[]>([]);
  const full = held >= LIMITS.adMedia.maxFiles;
  const said = refusals.filter(({ reason }) => full || reason !== 'tooMany');

  const take = (list: FileList | null) => {
    const { taken, refused } = sortDroppedFiles(Array.from(list ?? []), held);
    setRefusals(
      refused.map(({ file, reason }) => ({
        line: `${file.name}: ${MEDIA_REFUSALS[reason]}`,
        reason,
      })),
    );
    if (taken.length > 0) onFiles(taken);
  };
  const drop = (event: DragEvent) => {
    event.preventDefault();
    setOver(false);
    if (!disabled && !full) take(event.dataTransfer.files);
  };

  return (
    <Box>
      <Box
        data-testid="media-drop-zone"
        onDragOver={(event) => {
          event.preventDefault();
          setOver(true);
        }}
        onDragLeave={() => setOver(false)}
        onDrop={drop}
        sx={{
          border: 2,
          borderStyle: 'dashed',
          borderColor: over ? 'primary.main' : 'divider',
          bgcolor: over ? 'action.hover' : 'transparent',
          borderRadius: 1,
          p: 3,
          textAlign: 'center',
        }}
      >
        <CloudUploadIcon color="primary" fontSize="large" />
        {/* A phone has nothing to drop from: its Choose files is the way. */}
        <Typography sx={{ [ON_TOUCH]: { display: 'none' } }}>
          Drop photos and videos here
        </Typography>
        <Typography variant="body2" color="textSecondary">
          Up to {LIMITS.adMedia.maxFiles} files of {MEDIA_MAX_MB} MB at most,{' '}
          {LIMITS.adMedia.extensions.join(', ')} — {held} of {LIMITS.adMedia.maxFiles} {heldWord}
        </Typography>
        <Button
          variant="outlined"
          sx={{ mt: 1 }}
          disabled={disabled || full}
          onClick={() => input.current?.click()}
        >
          Choose files
        </Button>
        <input
          ref={input}
          type="file"
          hidden
          multiple
          accept={MEDIA_ACCEPT}
          aria-label="Photos and videos"
          data-testid="media-input"
          onChange={(event) => {
            take(event.target.files);
            event.target.value = '';
          }}
        />
      </Box>
      {said.length > 0 && (
        <Alert severity="warning" sx={{ mt: 1 }} onClose={() => setRefusals([])}>
          {said.map(({ line }) => (
            <div key={line}>{line}</div>
          ))}
        </Alert>
      )}
    </Box>
  );
}
