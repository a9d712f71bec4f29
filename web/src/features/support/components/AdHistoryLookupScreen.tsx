import { useRef, useState, type FormEvent } from 'react';
import { Link as RouterLink, useNavigate } from 'react-router-dom';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { LIMITS } from '@boli/engine/shared/limits';
import { messageOf } from '../../../app/api/client.ts';
import { useApi } from '../../../app/session/useApi.ts';
import { TAP_TARGET } from '../../../components/tapTarget.ts';
import { WRAP_ANYWHERE } from '../../../components/cellStyles.ts';
import { formatDate } from '../../../lib/format.ts';
import { adLookupOf, staffFoundAdsOf, type StaffFoundAd } from '../adHistoryLookup.ts';

/** Said when Show history is pressed with nothing typed. */
const NOTHING_TYPED = 'Paste the ad’s link, or type its id, its owner’s username or its name.';

/** How each ad was found, beside it. */
const FOUND_BY: Record<StaffFoundAd['foundBy'], string> = {
  owner: 'its owner',
  code: 'its id or link',
  name: 'its name',
};

/** The ads a key found, or why there are none. */
type Found = { name: string; ads: StaffFoundAd[] } | { name: string; failure: string };

/**
 * /support/ads (support, auditors and admins; not in the spec's table): the way into an ad's
 * history from the menu, for a dispute that arrives as a link, an id, a member's username or an
 * ad's name rather than on the ad's page (whose Bid history button leads to the same place).
 * Anything but a link or an id lists the ads GET /api/support/ads finds (a member's, an id's or
 * link's code, a name's; closed ones and blocked members' too), each leading to its history.
 */
export function AdHistoryLookupScreen() {
  const navigate = useNavigate();
  const { request } = useApi();
  const [entry, setEntry] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [found, setFound] = useState<Found | null>(null);
  const [searching, setSearching] = useState(false);
  const field = useRef<HTMLInputElement>(null);
  const open = (event: FormEvent) => {
    event.preventDefault();
    const lookup = adLookupOf(entry);
    if (lookup === null) {
      // Said (role alert), with the keyboard on the field it is about.
      setProblem(NOTHING_TYPED);
      return field.current?.focus();
    }
    if ('path' in lookup) return navigate(lookup.path);
    setSearching(true);
    request<unknown>('/api/support/ads', { query: { key: lookup.name } })
      .then(
        (data) => setFound({ name: lookup.name, ads: staffFoundAdsOf(data) }),
        (error: unknown) => setFound({ name: lookup.name, failure: messageOf(error) }),
      )
      .finally(() => setSearching(false));
  };
  return (
    <Stack spacing={2} sx={{ maxWidth: 640 }}>
      <Stack spacing={2} component="form" noValidate onSubmit={open}>
        <Typography variant="h5" component="h1">
          Ad history
        </Typography>
        <Typography color="textSecondary">
          Every event of an ad, its hash chain checked, and the ad replayed as it stood at any
          instant, Hidden bids included.
        </Typography>
        <TextField
          label="Ad link, id, owner or name"
          value={entry}
          onChange={(event) => {
            setEntry(event.target.value);
            setProblem(null);
          }}
          error={problem !== null}
          helperText={
            problem ??
            'For example https://…/ads/swift-dzire-1a2b3c, 1a2b3c4d5e, kavya_nair or Swift Dzire'
          }
          inputRef={field}
          slotProps={{ formHelperText: problem === null ? {} : { role: 'alert' } }}
          autoFocus
          fullWidth
        />
        <Button
          type="submit"
          variant="contained"
          loading={searching}
          sx={{ alignSelf: 'flex-start' }}
        >
          Show history
        </Button>
      </Stack>
      {found && <FoundAds found={found} />}
    </Stack>
  );
}

/** The ads a key found, a member's first, each to its history; or why none. */
function FoundAds({ found }: { found: Found }) {
  if ('failure' in found) return <Alert severity="error">{found.failure}</Alert>;
  if (found.ads.length === 0) {
    return (
      <Alert severity="info" role="status">
        No ad was found for “{found.name}”. Paste the ad’s link, or type its id, its owner’s
        username or words of its name.
      </Alert>
    );
  }
  return (
    <Stack spacing={1} component="section" aria-label="Ads found">
      <Typography role="status">
        Ads found for “{found.name}”
        {found.ads.length === LIMITS.adPageSize ? ` (the first ${LIMITS.adPageSize})` : ''}:
      </Typography>
      <List dense disablePadding>
        {found.ads.map((ad) => (
          <ListItem key={ad._id} disableGutters sx={{ display: 'block' }}>
            <Link
              component={RouterLink}
              to={`/support/ads/${encodeURIComponent(ad._id)}`}
              sx={{ ...TAP_TARGET, ...WRAP_ANYWHERE }}
            >
              {ad.itemName}
            </Link>
            <Typography variant="body2" color="textSecondary">
              by {ad.postedByUsername}, posted {formatDate(ad.createdAt)} ·{' '}
              {ad.bidOpen ? 'open for bids' : 'bidding closed'} · found by {FOUND_BY[ad.foundBy]}
            </Typography>
          </ListItem>
        ))}
      </List>
    </Stack>
  );
}
