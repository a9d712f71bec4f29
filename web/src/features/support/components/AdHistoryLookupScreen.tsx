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
import { AD_PATHS, adsOf, type AdView } from '../../ads/ads.api.ts';
import { adLookupOf } from '../adHistoryLookup.ts';

/** Said when Show history is pressed with nothing typed. */
const NOTHING_TYPED = 'Paste the ad’s link, or type its id or name.';

/** The ads a name found, or why there are none. */
type Found = { name: string; ads: AdView[] } | { name: string; failure: string };

/**
 * /support/ads (support, auditors and admins; not in the spec's table): the way into an ad's
 * history from the menu, for a dispute that arrives as a link, an id or an ad's name rather than
 * on the ad's page (whose Bid history button leads to the same place). A name lists the ads the
 * search finds (closed ones too), each leading to its history.
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
    request<unknown>(AD_PATHS.search, { query: { search: lookup.name, page: '1' } })
      .then(
        (data) => setFound({ name: lookup.name, ads: adsOf(data) }),
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
          label="Ad link, id or name"
          value={entry}
          onChange={(event) => {
            setEntry(event.target.value);
            setProblem(null);
          }}
          error={problem !== null}
          helperText={problem ?? 'For example https://…/ads/swift-dzire-1a2b3c, or Swift Dzire'}
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

/** The ads a name found, newest and closest first, each to its history; or why none. */
function FoundAds({ found }: { found: Found }) {
  if ('failure' in found) return <Alert severity="error">{found.failure}</Alert>;
  if (found.ads.length === 0) {
    return (
      <Alert severity="info" role="status">
        No ad is named like “{found.name}”. Paste the ad’s link, or type its id.
      </Alert>
    );
  }
  return (
    <Stack spacing={1} component="section" aria-label="Ads found">
      <Typography role="status">
        Ads named like “{found.name}”
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
              {ad.bidOpen ? 'open for bids' : 'bidding closed'}
            </Typography>
          </ListItem>
        ))}
      </List>
    </Stack>
  );
}
