import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { formatDate, formatDateTime } from '../../../lib/format.ts';
import type { Creative, Space } from '../api/adspaceApi.ts';
import { cycleLabel, spaceTypeLabel } from '../model/spaceTypes.ts';
import { CreativeUpload } from './CreativeUpload.tsx';

const STATUS_LABELS: Record<Space['status'], string> = {
  active: 'Active',
  scheduled: 'Scheduled',
  ended: 'Ended',
};

/** One of the member's spaces: its details, its current ad, and the upload area. */
export function MySpaceCard({
  space,
  onUploaded,
}: {
  space: Space;
  onUploaded: (creative: Creative) => void;
}) {
  return (
    <Card variant="outlined" component="article" aria-label={spaceTypeLabel(space.name)}>
      <CardContent>
        <Stack spacing={2}>
          <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
            <Typography variant="h6" component="h3" sx={{ flex: 1 }}>
              {spaceTypeLabel(space.name)}
            </Typography>
            <Chip
              size="small"
              color={space.status === 'active' ? 'success' : 'default'}
              label={STATUS_LABELS[space.status]}
            />
          </Stack>
          <Box
            component="dl"
            sx={{ display: 'grid', gridTemplateColumns: 'auto 1fr', columnGap: 2, m: 0 }}
          >
            <dt>Cycle</dt>
            <dd>{cycleLabel(space.cycle)}</dd>
            {space.slotdate && (
              <>
                <dt>Slot date</dt>
                <dd>{formatDate(space.slotdate)}</dd>
              </>
            )}
            <dt>Starts</dt>
            <dd>{formatDateTime(space.startsAt)}</dd>
            <dt>Ends</dt>
            <dd>{formatDateTime(space.endsAt)}</dd>
            {space.company && (
              <>
                <dt>Company</dt>
                <dd>{space.company}</dd>
              </>
            )}
          </Box>
          {space.creative ? (
            <Box data-testid="space-creative">
              {space.creative.galleryType === 'videos' ? (
                <Box
                  component="video"
                  src={space.creative.url}
                  poster={space.creative.thumbnail || undefined}
                  controls
                  sx={{ maxWidth: '100%', maxHeight: 240 }}
                />
              ) : (
                <Box
                  component="img"
                  src={space.creative.url}
                  alt="Your ad"
                  sx={{ maxWidth: '100%', maxHeight: 240 }}
                />
              )}
            </Box>
          ) : (
            <Typography color="textSecondary">No ad uploaded yet.</Typography>
          )}
          {space.status !== 'ended' && <CreativeUpload space={space} onUploaded={onUploaded} />}
        </Stack>
      </CardContent>
    </Card>
  );
}
