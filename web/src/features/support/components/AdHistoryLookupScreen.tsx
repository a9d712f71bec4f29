import { useCallback, useEffect, useRef, useState, type FormEvent } from 'react';
import { Link as RouterLink, useLocation, useNavigate, useSearchParams } from 'react-router-dom';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { LIMITS } from '@boli/engine/shared/limits';
import { MESSAGES } from '@boli/engine/shared/messages';
import { useApi } from '../../../app/session/useApi.ts';
import { LoadFailure } from '../../../components/LoadFailure.tsx';
import { TAP_TARGET } from '../../../components/tapTarget.ts';
import { WRAP_ANYWHERE } from '../../../components/cellStyles.ts';
import { useLoadedAfresh } from '../../../lib/useLoaded.ts';
import { useReturnFocus } from '../../../lib/useReturnFocus.ts';
import { leftBehind } from '../../../lib/leftBehind.ts';
import {
  adHistoryPath,
  adLookupOf,
  adNamedBy,
  foundAdLine,
  linkPathOf,
  lookupKeyOf,
  lookupPagesOf,
  lookupPathOf,
  staffLookupOf,
  type NoMember,
  type StaffFoundAd,
  type StaffLookup,
} from '../adHistoryLookup.ts';

/** Said when Show history is pressed with nothing typed. */
const NOTHING_TYPED =
  'Paste the ad’s link, or type its id, the username, email or mobile of its owner or of a ' +
  'bidder, or its name.';

/**
 * What was typed, by the history entry it was typed in: a pasted link or an ad's whole id opens
 * the history without a key in this page's address, so Back shows the field as it was left.
 */
const typedLeft = leftBehind<string>(20);

/** How each ad was found, beside it. */

/**
 * /support/ads?key= (support, auditors and admins; not in the spec's table): the way into an ad's
 * history from the menu, for a dispute that arrives as a link, an id, a member's username, email
 * or mobile number, or an ad's name rather than on the ad's page (whose Bid history button leads to the same place).
 * A link opens its history; any other key asks GET /api/support/ads, and opens the history of
 * the ad it is the whole id or uid of, or lists the ads found (a member's, an id's or link's
 * code, a name's; closed ones and blocked members' too), each leading to its history.
 */
export function AdHistoryLookupScreen() {
  const navigate = useNavigate();
  const { request } = useApi();
  // The key lives in the address: Back from an ad found, a reload and a link sent on show the
  // same list.
  const [params, setParams] = useSearchParams();
  const key = lookupKeyOf(params);
  // A link put in the address by hand (?key=https://…/ads/…) opens its history, as typed one does.
  const keyLink = linkPathOf(key);
  // Show more's pages are in the address too (`pages`): a reload lists them again.
  const pages = lookupPagesOf(params);
  const { key: historyEntry } = useLocation();
  const typed = key || (typedLeft.get(historyEntry) ?? '');
  const [entry, setEntry] = useState(typed);
  useEffect(() => setEntry(typed), [typed]);
  const [problem, setProblem] = useState<string | null>(null);
  const field = useRef<HTMLInputElement>(null);
  const {
    data: answered,
    failure,
    retry,
    again,
  } = useLoadedAfresh(
    useCallback(
      () =>
        key === '' || keyLink !== null
          ? Promise.resolve(null)
          : request<unknown>('/api/support/ads', { query: { key, pages } }).then(staffLookupOf),
      [key, keyLink, pages, request],
    ),
  );
  // While Show more asks for the next page, the ads shown stay in place.
  const [shown, setShown] = useState<{ key: string; lookup: StaffLookup } | null>(null);
  useEffect(() => {
    if (answered) setShown({ key, lookup: answered });
  }, [answered, key]);
  const lookup = answered ?? (shown?.key === key ? shown.lookup : null);
  const named = answered ? adNamedBy(answered.ads) : undefined;
  // An ad's whole id or uid opens its history in place of this key's page: Back then leads to
  // where the key was typed, not to a page that would open it again.
  useEffect(() => {
    if (named) void navigate(adHistoryPath(named._id), { replace: true });
    else if (keyLink !== null) void navigate(keyLink, { replace: true });
  }, [named, keyLink, navigate]);
  const show = (event: FormEvent) => {
    event.preventDefault();
    const lookup = adLookupOf(entry);
    if (lookup === null) {
      // Said (role alert), with the keyboard on the field it is about.
      setProblem(NOTHING_TYPED);
      return field.current?.focus();
    }
    // A link of any length is read here; a key goes to the api, which takes so many characters.
    if ('key' in lookup && lookup.key.length > LIMITS.staffLookupKeyMax) {
      setProblem(MESSAGES.staffLookupTooLong);
      return field.current?.focus();
    }
    typedLeft.keep(historyEntry, entry);
    if ('path' in lookup) return navigate(lookup.path);
    // The key shown asked again (an ad posted since); another one goes in the address.
    if (lookup.key === key) again();
    else setParams({ key: lookup.key });
  };
  const showMore = () => setParams({ key, pages: String(pages + 1) }, { replace: true });
  return (
    <Stack spacing={2} sx={{ maxWidth: 640 }}>
      <Stack spacing={2} component="form" noValidate onSubmit={show}>
        <Typography variant="h5" component="h1">
          Ad history
        </Typography>
        <Typography color="textSecondary">
          Every event of an ad, its hash chain checked, and the ad replayed as it stood at any
          instant, Hidden bids included.
        </Typography>
        <TextField
          label="Ad link, id, member or name"
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
          loading={key !== '' && (lookup === null || named !== undefined) && failure === null}
          sx={{ alignSelf: 'flex-start' }}
        >
          Show history
        </Button>
      </Stack>
      {failure ? (
        retry ? (
          <LoadFailure message={failure.message} onRetry={retry} />
        ) : (
          <Alert severity="error">{failure.message}</Alert>
        )
      ) : (
        lookup &&
        !named && (
          <FoundAds
            keyAsked={key}
            lookup={lookup}
            loadingMore={answered === null}
            onMore={showMore}
          />
        )
      )}
    </Stack>
  );
}

/**
 * The ads a key found, a member's first, each to its history, a page at a time (Show more, which
 * then puts the keyboard on the first ad it added); or why none.
 */
function FoundAds({
  keyAsked,
  lookup,
  loadingMore,
  onMore,
}: {
  keyAsked: string;
  lookup: StaffLookup;
  loadingMore: boolean;
  onMore: () => void;
}) {
  const { ads, more, noMember } = lookup;
  const list = useRef<HTMLUListElement>(null);
  const firstAdded = useRef<number | null>(null);
  useEffect(() => {
    const index = firstAdded.current;
    if (index === null || index >= ads.length) return;
    firstAdded.current = null;
    list.current?.querySelectorAll<HTMLAnchorElement>('a')[index]?.focus();
  }, [ads.length]);
  const noSuchMember = noMember && <NoMemberNamed keyAsked={keyAsked} noMember={noMember} />;
  if (ads.length === 0) {
    return (
      <Stack spacing={1}>
        {noSuchMember}
        <Alert severity="info" role="status">
          No ad was found for “{keyAsked}”. Paste the ad’s link, or type its id, the username, email
          or mobile of its owner or of a bidder, or words of its name.
        </Alert>
      </Stack>
    );
  }
  return (
    <Stack spacing={1} component="section" aria-label="Ads found">
      {noSuchMember}
      <Typography role="status">
        Ads found for “{keyAsked}”
        {more ? ` (the newest ${ads.length}; Show more lists the next ${LIMITS.adPageSize})` : ''}:
      </Typography>
      <List dense disablePadding ref={list}>
        {ads.map((ad) => (
          <ListItem key={ad._id} disableGutters sx={{ display: 'block' }}>
            <FoundAdLink ad={ad} />
            <Typography variant="body2" color="textSecondary">
              {foundAdLine(ad)}
            </Typography>
          </ListItem>
        ))}
      </List>
      {more && (
        <Button
          onClick={() => {
            firstAdded.current = ads.length;
            onMore();
          }}
          loading={loadingMore}
          sx={{ alignSelf: 'flex-start' }}
        >
          Show more
        </Button>
      )}
    </Stack>
  );
}

/** What a key no member has was read as, as the warning names it. */
const NO_MEMBER_HAS: Record<NoMember['by'], string> = {
  username: 'the username',
  email: 'the email',
  phone: 'the mobile number',
};

/**
 * A key that could name a member no one is: said so, above ads its words found by their names
 * (another member's, not a misspelt one's); for a username, with the usernames like it, each a
 * lookup.
 */
function NoMemberNamed({ keyAsked, noMember }: { keyAsked: string; noMember: NoMember }) {
  const { by, like } = noMember;
  return (
    <Alert severity="warning" data-testid="no-member">
      No member has {NO_MEMBER_HAS[by]} “{keyAsked}”.
      {like.length > 0 && (
        <>
          {' '}
          Usernames like it:{' '}
          {like.map((username, index) => (
            <span key={username}>
              {index > 0 && ', '}
              <Link component={RouterLink} to={lookupPathOf(username)} sx={TAP_TARGET}>
                {username}
              </Link>
            </span>
          ))}
        </>
      )}
    </Alert>
  );
}

/** A found ad's link to its history; Back from there puts the keyboard on it again. */
function FoundAdLink({ ad }: { ad: StaffFoundAd }) {
  const returnFocus = useReturnFocus<HTMLAnchorElement>(adHistoryPath(ad._id));
  return (
    <Link
      component={RouterLink}
      to={adHistoryPath(ad._id)}
      ref={returnFocus.ref}
      onClick={returnFocus.onOpen}
      sx={{ ...TAP_TARGET, ...WRAP_ANYWHERE }}
    >
      {ad.itemName}
    </Link>
  );
}
