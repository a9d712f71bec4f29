import { useRef, useState, type DragEvent } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import CloudUploadIcon from '@mui/icons-material/CloudUpload';
import { LIMITS } from '@boli/engine/shared/limits';
import { MEDIA_ACCEPT, MEDIA_REFUSALS, sortDroppedFiles } from '../model/mediaFiles.ts';

type Props = {
  /** How many media the ad already has (uploaded, uploading or kept). */
  held: number;
  onFiles: (files: File[]) => void;
  disabled?: boolean;
};

/**
 * Where photos and videos are dropped or chosen (section 5): the allowed extensions, 10 MB each,
 * 6 per ad. Refused files are named with the reason; the others go to `onFiles`.
 */
export function MediaDropZone({ held, onFiles, disabled = false }: Props) {
  const input = useRef<HTMLInputElement>(null);
  const [over, setOver] = useState(false);
  const [refusals, setRefusals] = useState<string[]>([]);
  const full = held >= LIMITS.adMedia.maxFiles;

  const take = (list: FileList | null) => {
    const { taken, refused } = sortDroppedFiles(Array.from(list ?? []), held);
    setRefusals(refused.map(({ file, reason }) => `${file.name}: ${MEDIA_REFUSALS[reason]}`));
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
        <Typography>Drop photos and videos here</Typography>
        <Typography variant="body2" color="textSecondary">
          Up to {LIMITS.adMedia.maxFiles} files, {LIMITS.adMedia.extensions.join(', ')} — {held} of{' '}
          {LIMITS.adMedia.maxFiles} chosen
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
      {refusals.length > 0 && (
        <Alert severity="warning" sx={{ mt: 1 }} onClose={() => setRefusals([])}>
          {refusals.map((line) => (
            <div key={line}>{line}</div>
          ))}
        </Alert>
      )}
    </Box>
  );
}
