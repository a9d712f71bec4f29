import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import CloseIcon from '@mui/icons-material/Close';
import { Announcer } from '../../../components/Announcer.tsx';
import { uploadsNews, type Upload } from '../model/uploadQueue.ts';

const STATUS_TEXT = {
  waiting: 'Waiting',
  uploading: 'Uploading',
  uploaded: 'Uploaded',
  failed: 'Failed',
} as const;

/**
 * What a row's X does, in its label. On Post Ad a file is only the ad's once it is posted, so
 * the X removes it whatever its state. On the media page (`uploadedIsKept`) an uploaded file is
 * already in the gallery: the X only clears the row (Dismiss), and cancels one still on its way.
 */
export function uploadRowAction(status: Upload<unknown>['status'], uploadedIsKept: boolean) {
  if (!uploadedIsKept) return 'Remove';
  return status === 'waiting' || status === 'uploading' ? 'Cancel' : 'Dismiss';
}

/** Each file being sent: its progress bar, what became of it, and its X (uploadRowAction). */
export function UploadList<R>({
  uploads,
  onRemove,
  onRetry,
  thumbnailOf = () => undefined,
  uploadedIsKept = false,
}: {
  uploads: Upload<R>[];
  onRemove: (id: string) => void;
  /** Sends a file the connection or the server failed again. */
  onRetry: (id: string) => void;
  /** The picture to show once a file is in. */
  thumbnailOf?: (result: R) => string | undefined;
  /** An uploaded file is the ad's already (the media page), not when the form is posted. */
  uploadedIsKept?: boolean;
}) {
  if (uploads.length === 0) return null;
  return (
    <Box sx={{ position: 'relative' }}>
      <Announcer message={uploadsNews(uploads)} />
      <Stack spacing={1} component="ul" aria-label="Uploads" sx={{ listStyle: 'none', p: 0, m: 0 }}>
        {uploads.map((upload) => {
          const thumbnail = upload.result === undefined ? undefined : thumbnailOf(upload.result);
          return (
            <Stack
              key={upload.id}
              component="li"
              direction="row"
              spacing={1}
              data-status={upload.status}
              aria-label={upload.name}
              sx={{ alignItems: 'center' }}
            >
              {thumbnail ? (
                <Box
                  component="img"
                  src={thumbnail}
                  alt=""
                  sx={{ width: 48, height: 36, objectFit: 'cover', borderRadius: 0.5 }}
                />
              ) : (
                <Box sx={{ width: 48, height: 36, bgcolor: 'action.hover', borderRadius: 0.5 }} />
              )}
              <Box sx={{ flex: 1, minWidth: 0 }}>
                <Typography variant="body2" noWrap title={upload.name}>
                  {upload.name}
                </Typography>
                <LinearProgress
                  variant="determinate"
                  value={Math.round(upload.progress * 100)}
                  color={upload.status === 'failed' ? 'error' : 'primary'}
                  aria-label={`${upload.name} upload progress`}
                />
                <Typography
                  variant="caption"
                  color={upload.status === 'failed' ? 'error' : 'textSecondary'}
                >
                  {upload.status === 'failed' && upload.error
                    ? `${STATUS_TEXT.failed}: ${upload.error}`
                    : STATUS_TEXT[upload.status]}
                  {upload.status === 'uploading' && ` ${Math.round(upload.progress * 100)}%`}
                </Typography>
              </Box>
              {upload.status === 'failed' && upload.retryable && (
                <Button size="small" onClick={() => onRetry(upload.id)}>
                  Retry
                </Button>
              )}
              <IconButton
                aria-label={`${uploadRowAction(upload.status, uploadedIsKept)} ${upload.name}`}
                onClick={() => onRemove(upload.id)}
              >
                <CloseIcon />
              </IconButton>
            </Stack>
          );
        })}
      </Stack>
    </Box>
  );
}
