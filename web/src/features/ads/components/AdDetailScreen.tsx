import { useCallback, useEffect, useRef, useState, type ReactNode } from 'react';
import { Link as RouterLink, useParams, useSearchParams } from 'react-router-dom';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Divider from '@mui/material/Divider';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import EditIcon from '@mui/icons-material/Edit';
import HistoryIcon from '@mui/icons-material/History';
import PhotoLibraryIcon from '@mui/icons-material/PhotoLibrary';
import ShareIcon from '@mui/icons-material/Share';
import { AD_HISTORY_ROLES, holdsRole } from '@boli/engine/accounts/staffRoles';
import { addressLine } from '@boli/engine/shared/address';
import { useSession } from '../../../app/session/sessionContext.ts';
import { useItemTitle } from '../../../app/layout/pageTitle.ts';
import { CenteredSpinner } from '../../../components/CenteredSpinner.tsx';
import { WRAP_ANYWHERE } from '../../../components/cellStyles.ts';
import { TAP_TARGET } from '../../../components/tapTarget.ts';
import { formatDate, formatPrice, groupIndian } from '../../../lib/format.ts';
import { startEarly, type Query } from '../../../app/api/client.ts';
import {
  adMediaPath,
  adPath,
  adReference,
  editAdPath,
  type AdDetailView,
  type AdView,
} from '../ads.api.ts';
import { mayManageAd } from '../model/adManagement.ts';
import { finalCallLabel } from '../model/biddingBadge.ts';
import { ClosesIn } from '../../bidding/components/ClosesIn.tsx';
import { BIDDING_SECTION_ID } from '@boli/engine/social/notificationLink';
import { AdLoadFailureNotice } from './AdFailureNotice.tsx';
import { useAdDetail } from '../useAdDetail.ts';
import { AdGallery } from './AdGallery.tsx';
import { ShareDialog } from './ShareDialog.tsx';
import { adHistoryPath } from '../../support/adHistoryLookup.ts';

/** What the bid area may tell the page about the ad. */
export type BidAreaEvents = {
  /** Bidding closed while the page was open (Close Bid, a deadline). */
  onBiddingClosed: () => void;
  /** A final call was made while the page was open, ending at `deadline`. */
  onFinalCall: (deadline: string) => void;
  /** The owner edited the ad's details (live): they are read again. */
  onAdEdited: () => void;
  /** The api no longer gives the ad (withdrawn, its owner blocked): the page reads it afresh. */
  onAdGone: () => void;
};

type Props = {
  /** The bids and the bid form, from the bidding feature (composed by the app's routes). */
  renderBidArea?: (ad: AdDetailView, events: BidAreaEvents) => ReactNode;
  /** The call the bid area will make first, for an ad of this id at this address. */
  bidsAhead?: (itemId: string, search: URLSearchParams) => { path: string; query: Query };
};

/** The facts of an ad, in order; empty ones are left out. */
function facts(ad: AdView): [label: string, value: string][] {
  const rows: [string, string | number | null][] = [
    ['Category', ad.categoryname],
    ['Subcategory', ad.subcategory],
    ['Type', ad.type],
    ['Manufacturer', ad.make],
    ['Model', ad.model],
    ['Year of manufacture', ad.yearOfManufacture],
    ['Mileage (km)', ad.mileage === null ? null : groupIndian(ad.mileage)],
    ['Owner or Dealer', ad.ownerOrDealer],
    ['New or Used', ad.newOrused],
    ['Address', addressLine({ ...ad, neighbourhood: ad.neighbourHood })],
    ['Posted on', formatDate(ad.createdAt)],
  ];
  return rows
    .filter(([, value]) => value !== null && value !== '')
    .map(([label, value]) => [label, String(value)]);
}

function AdFacts({ ad }: { ad: AdView }) {
  return (
    <Box
      component="dl"
      sx={{
        display: 'grid',
        // Labels take at most about half a phone's width, and wrap there with enlarged text;
        // the values take the rest and wrap too: the page never scrolls sideways.
        gridTemplateColumns: 'fit-content(45%) minmax(0, 1fr)',
        columnGap: 2,
        rowGap: 0.5,
        m: 0,
        overflowWrap: 'anywhere',
      }}
    >
      {facts(ad).map(([label, value]) => (
        <Box key={label} sx={{ display: 'contents' }}>
          <Typography component="dt" color="textSecondary">
            {label}
          </Typography>
          <Typography component="dd" sx={{ m: 0 }}>
            {value}
          </Typography>
        </Box>
      ))}
    </Box>
  );
}

/**
 * Under the price, an ad in its final call says till when and the time left, as its card does: on
 * a phone the bid area's countdown is screens below the pictures. It leads there.
 */
function FinalCallNote({ deadline }: { deadline: string }) {
  return (
    <Link
      href={`#${BIDDING_SECTION_ID}`}
      underline="none"
      color="inherit"
      data-testid="final-call-note"
      // The bid area, and the keyboard on it, without an entry in the history.
      onClick={(event) => {
        const area = document.getElementById(BIDDING_SECTION_ID);
        if (!area) return;
        event.preventDefault();
        area.scrollIntoView({ block: 'start' });
        area.focus({ preventScroll: true });
      }}
      sx={{ display: 'inline-block', mt: 0.5 }}
    >
      <Chip
        label={finalCallLabel(deadline)}
        size="small"
        color="warning"
        sx={{
          maxWidth: '100%',
          height: 'auto',
          cursor: 'inherit',
          '& .MuiChip-label': { whiteSpace: 'normal', py: 0.25 },
        }}
      />
      <ClosesIn deadline={deadline} />
    </Link>
  );
}

function AdDetail({
  ad,
  renderBidArea,
  onAdEdited,
  onAdGone,
}: { ad: AdDetailView; onAdEdited: () => void; onAdGone: () => void } & Props) {
  const { status, user } = useSession();
  useItemTitle(ad.itemName);
  const [sharing, setSharing] = useState(false);
  // The bid area tells when bidding closes while the page is open (Close Bid, a deadline).
  const [closedSince, setClosedSince] = useState(false);
  const biddingClosed = useCallback(() => setClosedSince(true), []);
  // …and a final call made meanwhile, said under the price as the ad was read with one.
  const [finalCallSince, setFinalCallSince] = useState<string | null>(null);
  const finalCallAt = finalCallSince ?? (ad.finalCallMade ? ad.finalCallDateTime : null);
  // The owner's Edit and Media, only while the api would take them (not once bidding closed).
  const manage = mayManageAd({ ...ad, bidOpen: ad.bidOpen && !closedSince }, user?._id);
  const shareUrl = new URL(adPath(ad), window.location.origin).href;

  return (
    <Stack spacing={2}>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'flex-start', flexWrap: 'wrap' }}>
        <Box sx={{ flex: 1, minWidth: 200 }}>
          <Typography variant="h5" component="h1" sx={WRAP_ANYWHERE}>
            {ad.itemName}
          </Typography>
          <Typography variant="h6" component="p" color="primary" data-testid="ad-price">
            {formatPrice(ad.price, ad.currencycode || 'INR')}
          </Typography>
          {ad.bidOpen && !closedSince && finalCallAt && <FinalCallNote deadline={finalCallAt} />}
        </Box>
        {manage && (
          <>
            <Button
              variant="contained"
              startIcon={<EditIcon />}
              component={RouterLink}
              to={editAdPath(ad)}
            >
              Edit
            </Button>
            <Button
              variant="outlined"
              startIcon={<PhotoLibraryIcon />}
              component={RouterLink}
              to={adMediaPath(ad)}
            >
              Media
            </Button>
          </>
        )}
        {holdsRole(user?.roles, AD_HISTORY_ROLES) && (
          <Button
            variant="outlined"
            startIcon={<HistoryIcon />}
            component={RouterLink}
            to={adHistoryPath(ad._id)}
          >
            Bid history
          </Button>
        )}
        <Button variant="outlined" startIcon={<ShareIcon />} onClick={() => setSharing(true)}>
          Share
        </Button>
      </Stack>
      {ad.withdrawn && (
        <Alert severity="warning" data-testid="ad-withdrawn">
          Withdrawn: {ad.postedByUsername} is blocked. Members cannot see this ad, and their bids on
          it are refused (kept in its bid history as AD_WITHDRAWN), till the block is lifted.
        </Alert>
      )}
      <AdGallery items={ad.gallery} title={ad.itemName} />
      {/* A long word or pasted link breaks rather than widen the page past a phone's screen. */}
      <Typography sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
        {ad.description}
      </Typography>
      <AdFacts ad={ad} />
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
        <Typography color="textSecondary">Posted by</Typography>
        {status === 'member' ? (
          <Link
            component={RouterLink}
            to={`/user_profile/${encodeURIComponent(ad.postedBy)}`}
            sx={TAP_TARGET}
          >
            {ad.postedByUsername}
          </Link>
        ) : (
          <Typography>{ad.postedByUsername}</Typography>
        )}
        {ad.phone && (
          <Chip label={`Phone: ${ad.phone}`} component="a" href={`tel:${ad.phone}`} clickable />
        )}
        {/* The owner sees their number whatever the ad's setting: said, so they do not think
            everyone does. */}
        {ad.phone && !ad.displayPhone && user?._id === ad.postedBy && (
          <Typography variant="body2" color="textSecondary" data-testid="phone-hidden">
            Only you see your phone here: the ad does not show it.
          </Typography>
        )}
      </Stack>
      <Divider />
      {renderBidArea?.(ad, {
        onBiddingClosed: biddingClosed,
        onFinalCall: setFinalCallSince,
        onAdEdited,
        onAdGone,
      })}
      <ShareDialog
        open={sharing}
        onClose={() => setSharing(false)}
        url={shareUrl}
        title={ad.itemName}
      />
    </Stack>
  );
}

/**
 * The bids are asked for beside the ad, not once it is read and the bid area shows: a round trip
 * sooner. Only for an ad named by id (a share link's uid is not the id the bids api takes), and
 * once per ad: a tab or page picked later is the bid area's own call.
 */
function useBidsAhead(adId: string, bidsAhead: Props['bidsAhead']): void {
  const { token } = useSession();
  const [search] = useSearchParams();
  const asked = useRef({ token, search });
  asked.current = { token, search };
  useEffect(() => {
    const reference = adReference(adId);
    if (!bidsAhead || !('id' in reference)) return;
    const { path, query } = bidsAhead(reference.id, asked.current.search);
    startEarly(path, { query, token: asked.current.token });
  }, [adId, bidsAhead]);
}

/**
 * The ad detail (/ads/{ad_id}, where the id may be the ad's uid): gallery, facts, the phone when
 * the api gives it (only with displayPhone set, or to the owner), Edit and Media for the owner
 * while bidding is open, the share dialog, and the bid area of the bidding feature.
 */
export function AdDetailScreen({ renderBidArea, bidsAhead }: Props) {
  const { adId = '' } = useParams();
  const { ad, failure, retry, refresh, readAgain } = useAdDetail(adId);
  useBidsAhead(adId, bidsAhead);
  // A final failure ('Ad not found') names the tab, rather than the route's 'Ad detail'.
  useItemTitle(failure?.final ? failure.message : undefined);

  if (failure) {
    return <AdLoadFailureNotice title="Ad detail" message={failure.message} onRetry={retry} />;
  }
  if (!ad) return <CenteredSpinner label="Loading the ad" />;
  // An edit while the page is open: the new details replace the old in place. Gone meanwhile, the
  // page reads it afresh, and says 'Ad not found' with the ways back, as a reload would.
  return (
    <AdDetail ad={ad} renderBidArea={renderBidArea} onAdEdited={refresh} onAdGone={readAgain} />
  );
}
