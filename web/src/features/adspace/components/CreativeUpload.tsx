import { useRef, useState } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import CloudUploadIcon from '@mui/icons-material/CloudUpload';
import { ApiError, firstMessageOf } from '../../../app/api/client.ts';
import { creativeLinkProblem } from '@boli/engine/adspace/adSpace.rules';
import { useRefusalFocus } from '../../../lib/refusalFocus.ts';
import { formatDateTime } from '../../../lib/format.ts';
import { spaceTypeLabel } from '../model/spaceTypes.ts';
import { useMediaSender } from '../../../lib/mediaUpload.ts';
import { MEDIA_ACCEPT, MEDIA_REFUSALS, mediaRefusal } from '../../../lib/mediaFiles.ts';
import {
  creativeUploadPath,
  uploadedCreativeOf,
  type Creative,
  type Space,
} from '../api/adspaceApi.ts';

type Props = { space: Space; onUploaded: (creative: Creative) => void };

/**
 * The space's ad upload area (section 4: "Once active, … an ad upload area"): one photo or video
 * for the company, under the ads' media rules, with its progress; it replaces the creative.
 */
export function CreativeUpload({ space, onUploaded }: Props) {
  const input = useRef<HTMLInputElement>(null);
  const [company, setCompany] = useState(space.company);
  // The link goes with each upload: the one the ad has now is kept unless changed.
  const [link, setLink] = useState(space.creative?.link ?? '');
  const linkProblem = creativeLinkProblem(link);
  const [linkMarked, setLinkMarked] = useState(false);
  const linkRefused = linkMarked && linkProblem !== null;
  const [progress, setProgress] = useState<number | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const send = useMediaSender<unknown>(creativeUploadPath(space._id), 'media', {
    company,
    link: link.trim(),
  });
  // Marked, then focused: the field is read out with its refusal, not with the hint before it.
  const { form: area, refused } = useRefusalFocus<HTMLElement>();
  const choose = () => {
    // A link that would be refused is mended first, before a file is chosen and sent.
    if (linkProblem) {
      setLinkMarked(true);
      refused();
      return;
    }
    input.current?.click();
  };

  const upload = async (file: File | undefined) => {
    if (!file) return;
    const refusal = mediaRefusal(file);
    if (refusal) {
      setProblem(`${file.name}: ${MEDIA_REFUSALS[refusal]}`);
      return;
    }
    setProblem(null);
    setProgress(0);
    try {
      const answer = await send(file, setProgress, new AbortController().signal);
      const creative = uploadedCreativeOf(answer);
      if (!creative) throw new ApiError(200, '');
      onUploaded(creative);
    } catch (error) {
      setProblem(firstMessageOf(error));
    } finally {
      setProgress(null);
    }
  };

  const uploading = progress !== null;
  return (
    // Named after its space: a member with two spaces of a type tells their uploads apart.
    <Stack
      ref={area}
      spacing={1}
      component="section"
      aria-label={`Ad upload, ${spaceTypeLabel(space.name)} until ${formatDateTime(space.endsAt)}`}
    >
      {/* Within its space's card, under the card's heading. */}
      <Typography variant="subtitle2" component="h4">
        {space.creative ? 'Replace your ad' : 'Upload your ad'}
      </Typography>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ alignItems: 'flex-start' }}>
        <TextField
          label="Company"
          size="small"
          value={company}
          onChange={(event) => setCompany(event.target.value)}
          slotProps={{ htmlInput: { maxLength: 100 } }}
        />
        <TextField
          label="Link (optional)"
          size="small"
          type="url"
          value={link}
          placeholder="https://"
          onChange={(event) => {
            setLink(event.target.value);
            setLinkMarked(false);
          }}
          error={linkRefused}
          helperText={linkRefused ? linkProblem : 'Your page, opened by a click on your ad.'}
          slotProps={{ htmlInput: { 'aria-invalid': linkRefused } }}
          sx={{ minWidth: { sm: 260 } }}
        />
        <Button
          variant="outlined"
          startIcon={<CloudUploadIcon />}
          onClick={choose}
          loading={uploading}
        >
          Choose photo or video
        </Button>
        <input
          ref={input}
          type="file"
          hidden
          accept={MEDIA_ACCEPT}
          aria-label="Ad photo or video"
          data-testid="creative-input"
          onChange={(event) => {
            void upload(event.target.files?.[0]);
            event.target.value = '';
          }}
        />
      </Stack>
      {uploading && (
        <LinearProgress
          variant="determinate"
          value={Math.round(progress * 100)}
          aria-label="Upload progress"
        />
      )}
      {problem && (
        <Alert severity="error" onClose={() => setProblem(null)}>
          {problem}
        </Alert>
      )}
    </Stack>
  );
}
