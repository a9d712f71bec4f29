import { useCallback, useEffect, useRef, useState } from 'react';
import { Link as RouterLink, useParams } from 'react-router-dom';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardActions from '@mui/material/CardActions';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import ArrowForwardIcon from '@mui/icons-material/ArrowForward';
import ArrowDownwardIcon from '@mui/icons-material/ArrowDownward';
import ArrowUpwardIcon from '@mui/icons-material/ArrowUpward';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { AD_MESSAGES } from '@boli/engine/ads/ad.messages';
import { messageOf } from '../../../app/api/client.ts';
import { useApi } from '../../../app/session/useApi.ts';
import { CenteredSpinner } from '../../../components/CenteredSpinner.tsx';
import { ConfirmDialog } from '../../../components/ConfirmDialog.tsx';
import { WRAP_ANYWHERE } from '../../../components/cellStyles.ts';
import { AD_PATHS, adPath, type AdDetailView, type GalleryItemView } from '../ads.api.ts';
import { useMediaSender } from '../../../lib/mediaUpload.ts';
import {
  inChosenOrder,
  itemsOfUploads,
  mediaLabels,
  uploadOfItem,
} from '../model/galleryUploads.ts';
import { movedAnnouncement, movedOrder } from '../model/galleryOrder.ts';
import { Announcer } from '../../../components/Announcer.tsx';
import { busyProps } from '../../../components/busyProps.ts';
import { useUploads } from '../useUploads.ts';
import { isAdClosedRefusal, useManagedAd } from '../useManagedAd.ts';
import { AdLoadFailureNotice, AdManagementNotice } from './AdFailureNotice.tsx';
import { MediaDropZone } from './MediaDropZone.tsx';
import { UploadList } from './UploadList.tsx';
import { useOfflineNoticeGoes } from '../../../lib/useOfflineNoticeGoes.ts';

const TITLE = 'Photos and videos';

const isThumbnail = (ad: AdDetailView, item: GalleryItemView) =>
  ad.thumbnail !== '' && (ad.thumbnail === item.thumbnail || ad.thumbnail === item.url);

type MoveDirection = 'earlier' | 'later';

/** Move earlier / Move later: at an end it stays focusable (a move can bring it there) but does nothing. */
function MoveButton({
  label,
  direction,
  onMove,
  focused,
  busy,
}: {
  label: string;
  direction: MoveDirection;
  /** A move is being saved: none other till it is. */
  busy: boolean;
  /** Null at the gallery's end. */
  onMove: (() => void) | null;
  /** Its item was just moved with it: the keyboard stays on it in the item's new place. */
  focused: boolean;
}) {
  // The gallery is one column on a phone (up and down), a grid from a tablet's width (left to right).
  const [Column, Row] =
    direction === 'earlier'
      ? [ArrowUpwardIcon, ArrowBackIcon]
      : [ArrowDownwardIcon, ArrowForwardIcon];
  const button = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (focused) button.current?.focus();
  }, [focused]);
  return (
    <IconButton
      ref={button}
      size="small"
      aria-label={`Move ${label.toLowerCase()} ${direction}`}
      title={`Move ${direction}`}
      {...busyProps(onMove === null || busy)}
      onClick={() => onMove?.()}
    >
      <Column fontSize="small" sx={{ display: { xs: 'inline-block', sm: 'none' } }} />
      <Row fontSize="small" sx={{ display: { xs: 'none', sm: 'inline-block' } }} />
    </IconButton>
  );
}

function MediaItem({
  ad,
  item,
  label,
  onRemove,
  onThumbnail,
  onMoveEarlier,
  onMoveLater,
  justMoved,
  arranging,
  canRemove,
}: {
  ad: AdDetailView;
  item: GalleryItemView;
  /** What the item is called to a screen reader: 'Photo 2' (mediaLabels), not its stored name. */
  label: string;
  onRemove: () => void;
  onThumbnail: () => void;
  onMoveEarlier: (() => void) | null;
  onMoveLater: (() => void) | null;
  /** This item was just moved, and which way: its button keeps the keyboard. */
  justMoved: MoveDirection | null;
  arranging: boolean;
  canRemove: boolean;
}) {
  const video = item.galleryType === 'videos';
  const chosen = isThumbnail(ad, item);
  // Removing takes the file off the published ad for good: asked once more.
  const [asking, setAsking] = useState(false);
  const what = video ? 'video' : 'photo';
  return (
    <Card variant="outlined" component="li" aria-label={label} sx={{ listStyle: 'none' }}>
      {video ? (
        <Box
          component="video"
          aria-label={label}
          controls
          preload="metadata"
          poster={item.thumbnail || undefined}
          src={item.url}
          sx={{ width: '100%', height: 140, bgcolor: 'common.black' }}
        />
      ) : (
        <Box
          component="img"
          src={item.thumbnail || item.url}
          alt={label}
          sx={{ width: '100%', height: 140, objectFit: 'cover' }}
        />
      )}
      <CardActions sx={{ flexWrap: 'wrap', gap: 0.5 }}>
        {(['earlier', 'later'] as const).map((direction) => (
          <MoveButton
            key={direction}
            label={label}
            direction={direction}
            onMove={direction === 'earlier' ? onMoveEarlier : onMoveLater}
            focused={justMoved === direction}
            busy={arranging}
          />
        ))}
        {chosen ? (
          <Chip size="small" color="primary" label="Thumbnail" />
        ) : (
          <Button size="small" onClick={onThumbnail} aria-label={`Use as thumbnail: ${label}`}>
            Use as thumbnail
          </Button>
        )}
        <Button
          size="small"
          color="error"
          disabled={!canRemove}
          onClick={() => setAsking(true)}
          aria-label={`Remove ${label.toLowerCase()}`}
        >
          Remove
        </Button>
      </CardActions>
      <ConfirmDialog
        open={asking}
        titleId={`remove-${item.name}`}
        title={`Remove this ${what}?`}
        keepLabel="Cancel"
        actLabel="Remove"
        onKeep={() => setAsking(false)}
        onAct={() => {
          setAsking(false);
          onRemove();
        }}
      >
        {/* Which one, as the member knows it: its picture, not the name it was stored under. */}
        <Box
          component="img"
          src={item.thumbnail || (video ? undefined : item.url)}
          alt=""
          sx={{ display: 'block', width: 160, height: 100, objectFit: 'cover', mb: 1 }}
        />
        This {what} is taken off the ad for everyone. To show it again, add the file again.
      </ConfirmDialog>
    </Card>
  );
}

function AdMedia({
  ad,
  onChanged,
  onClosed,
}: {
  ad: AdDetailView;
  /** The gallery changed: the ad (its thumbnail, whether bidding is open) is read again. */
  onChanged: () => void;
  /** Bidding closed while the page was open: the api refused a change with AD_CLOSED. */
  onClosed: () => void;
}) {
  const [gallery, setGallery] = useState(ad.gallery ?? []);
  // A failed thumbnail choice names the item: the ad read again may show it made all the same.
  const [failure, setFailure] = useState<{ message: string; thumbnail?: string } | null>(null);
  useOfflineNoticeGoes(failure, setFailure, (said) => said.message);
  const { request } = useApi();
  const itemId = ad._id;
  const sendFile = useMediaSender<GalleryItemView[]>(AD_PATHS.upload, 'media', {
    item_id: itemId,
  });
  const send = useCallback<typeof sendFile>(
    (...args) =>
      sendFile(...args).catch((error: unknown) => {
        if (isAdClosedRefusal(error)) onClosed();
        throw error;
      }),
    [sendFile, onClosed],
  );
  const media = useUploads(send);
  const pending = media.uploads.filter(
    (upload) => upload.status === 'waiting' || upload.status === 'uploading',
  ).length;

  /** Reads the gallery again and shows it; answers it. */
  const readGallery = useCallback(async () => {
    const items = await request<GalleryItemView[]>(AD_PATHS.media, { query: { item_id: itemId } });
    const read = Array.isArray(items) ? items : [];
    setGallery(read);
    return read;
  }, [request, itemId]);

  const reload = useCallback(() => {
    readGallery().catch((error: unknown) => setFailure({ message: messageOf(error) }));
    onChanged();
  }, [readGallery, onChanged]);

  /**
   * A change that failed: the gallery is read again and shown as it is, and the failure said
   * unless the gallery shows the change `made` all the same (its answer lost on the way back).
   * Answers whether it was made.
   */
  const failedUnlessMade = async (
    error: unknown,
    made: (read: GalleryItemView[]) => boolean,
  ): Promise<boolean> => {
    if (isAdClosedRefusal(error)) onClosed();
    const read = await readGallery().catch(() => undefined);
    onChanged();
    const done = read !== undefined && made(read);
    if (!done) setFailure({ message: messageOf(error) });
    return done;
  };

  const uploadedCount = media.uploaded.length;
  useEffect(() => {
    if (uploadedCount > 0) reload();
  }, [uploadedCount, reload]);

  /**
   * Sends one change of the gallery; true once it is made (else its refusal shows). `made` tells,
   * from the gallery read again, whether a change whose answer failed was made all the same.
   */
  const act = async (
    path: string,
    name: string,
    made: (read: GalleryItemView[]) => boolean = () => false,
  ): Promise<boolean> => {
    setFailure(null);
    try {
      await request<unknown>(path, { json: { item_id: itemId, name } });
      reload();
      return true;
    } catch (error) {
      return failedUnlessMade(error, made);
    }
  };

  // The gallery arranged: the whole order is sent; refused (changed in another tab), it is read
  // again as it now is, and the refusal says so.
  const [moved, setMoved] = useState<{ name: string; direction: MoveDirection; said: string }>();
  // One move at a time: the next is made from the order the last one saved, so none is lost.
  const [arranging, setArranging] = useState(false);
  const arrange = async (order: string[], name: string, direction: MoveDirection) => {
    setFailure(null);
    setMoved(undefined);
    setArranging(true);
    const done = () =>
      setMoved({ name, direction, said: movedAnnouncement(order.indexOf(name) + 1, order.length) });
    try {
      const row = await request<AdDetailView>(AD_PATHS.order, { json: { item_id: itemId, order } });
      setGallery(row.gallery ?? []);
      done();
      onChanged();
    } catch (error) {
      const saved = (read: GalleryItemView[]) =>
        read.map((item) => item.name).join('\n') === order.join('\n');
      if (await failedUnlessMade(error, saved)) done();
    } finally {
      setArranging(false);
    }
  };
  // Files chosen together upload side by side and are stored as each finishes: once all are in,
  // they are put back in the order they were chosen (the first photo chosen is the cover) — once
  // per row, so a move made afterwards is never undone.
  const settled = useRef(new Set<string>());
  useEffect(() => {
    if (pending > 0 || arranging) return;
    const names = gallery.map((item) => item.name);
    const fresh = media.uploads.filter(
      (upload) => upload.status === 'uploaded' && !settled.current.has(upload.id),
    );
    // None new, or the gallery read after the last of them is still on its way.
    if (fresh.length === 0 || itemsOfUploads(fresh, names).size < fresh.length) return;
    const settle = () => fresh.forEach((upload) => settled.current.add(upload.id));
    const order = inChosenOrder(fresh, names);
    if (order === null) return settle();
    setArranging(true);
    request<AdDetailView>(AD_PATHS.order, { json: { item_id: itemId, order } })
      .then(
        (row) => {
          settle();
          setGallery(row.gallery ?? []);
          onChanged();
        },
        // Refused (changed in another tab, bidding closed): asked once only, and read as it is.
        (error: unknown) => {
          settle();
          if (isAdClosedRefusal(error)) onClosed();
          reload();
        },
      )
      .finally(() => setArranging(false));
  }, [pending, arranging, gallery, media.uploads, request, itemId, onChanged, onClosed, reload]);

  const moveOf = (index: number, by: -1 | 1) => {
    const names = gallery.map((item) => item.name);
    const order = movedOrder(names, index, by);
    const direction = by === -1 ? 'earlier' : 'later';
    if (order === null) return null;
    return () => {
      if (!arranging) void arrange(order, names[index]!, direction);
    };
  };

  /** Removes the item, and the upload row that added it (which would still say 'Uploaded'). */
  const removeItem = async (name: string) => {
    // 'Moved to place 3 of 6' would no longer be so.
    setMoved(undefined);
    const upload = uploadOfItem(
      media.uploads,
      name,
      gallery.map((item) => item.name),
    );
    const gone = (read: GalleryItemView[]) => !read.some((item) => item.name === name);
    if ((await act(AD_PATHS.remove, name, gone)) && upload) media.remove(upload);
  };

  /** A thumbnail choice whose answer was lost is not said to have failed once the ad shows it. */
  const chooseThumbnail = async (name: string) => {
    if (!(await act(AD_PATHS.thumbnail, name))) {
      setFailure((said) => said && { ...said, thumbnail: name });
    }
  };
  const shownFailure =
    failure?.thumbnail !== undefined &&
    gallery.some((item) => item.name === failure.thumbnail && isThumbnail(ad, item))
      ? null
      : failure?.message;

  const labels = mediaLabels(gallery);
  return (
    <Stack spacing={2}>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
        {/* At least 16rem wide, so on a phone it has the row and the buttons go under it. */}
        <Typography variant="h5" component="h1" sx={{ flex: '1 1 16rem', ...WRAP_ANYWHERE }}>
          {TITLE} of {ad.itemName}
        </Typography>
        <Button component={RouterLink} to={adPath(ad)}>
          View the ad
        </Button>
        <Button component={RouterLink} to="/myAds">
          My Ads
        </Button>
      </Stack>
      {shownFailure && <Alert severity="error">{shownFailure}</Alert>}
      <Box
        component="ul"
        aria-label="Gallery"
        sx={{
          display: 'grid',
          gap: 2,
          p: 0,
          m: 0,
          gridTemplateColumns: 'repeat(auto-fill, minmax(180px, 1fr))',
        }}
      >
        {gallery.map((item, index) => (
          <MediaItem
            key={item.name}
            ad={ad}
            item={item}
            label={labels[index]!}
            canRemove={gallery.length > 1}
            onRemove={() => void removeItem(item.name)}
            onThumbnail={() => void chooseThumbnail(item.name)}
            onMoveEarlier={moveOf(index, -1)}
            onMoveLater={moveOf(index, 1)}
            justMoved={moved?.name === item.name ? moved.direction : null}
            arranging={arranging}
          />
        ))}
      </Box>
      {gallery.length === 1 && (
        // Why its Remove is disabled, for everyone: a disabled button takes no focus.
        <Typography variant="body2" color="textSecondary">
          {AD_MESSAGES.lastMedia}
        </Typography>
      )}
      <Announcer message={moved?.said ?? ''} />
      <MediaDropZone
        held={gallery.length + pending}
        heldWord="in the gallery"
        onFiles={media.add}
      />
      <UploadList
        uploads={media.uploads}
        onRemove={media.remove}
        onRetry={media.retry}
        uploadedIsKept
        // Each answer is the whole gallery: the row's picture is the item it added.
        thumbnailOf={(gallery) => gallery.find((item) => item.added)?.thumbnail}
      />
    </Stack>
  );
}

/**
 * An ad's media (/postAd/media/{ad_id}): add (with progress), remove, arrange, choose the thumbnail — for
 * the ad's owner while its bidding is open; anyone else, or a closed ad, gets the reason instead,
 * as does the owner once bidding closes while the page is open.
 */
export function AdMediaScreen() {
  const { adId = '' } = useParams();
  const { ad, failure, retry, refresh, refusal, closedMeanwhile } = useManagedAd(adId);
  if (failure) {
    return <AdLoadFailureNotice title={TITLE} message={failure.message} mine onRetry={retry} />;
  }
  if (!ad) return <CenteredSpinner label="Loading the ad" />;
  if (refusal) return <AdManagementNotice title={TITLE} ad={ad} refusal={refusal} />;
  return <AdMedia ad={ad} onChanged={refresh} onClosed={closedMeanwhile} />;
}
