import { useRef, useState, type KeyboardEvent } from 'react';
import Box from '@mui/material/Box';
import ButtonBase from '@mui/material/ButtonBase';
import Dialog from '@mui/material/Dialog';
import { Announcer } from '../../../components/Announcer.tsx';
import IconButton from '@mui/material/IconButton';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import ChevronLeftIcon from '@mui/icons-material/ChevronLeft';
import ChevronRightIcon from '@mui/icons-material/ChevronRight';
import CloseIcon from '@mui/icons-material/Close';
import PlayCircleIcon from '@mui/icons-material/PlayCircleOutlined';
import {
  AD_PHOTO_DISPLAY_SIDE,
  AD_PHOTO_MAX_SIDE,
  displayCopyOf,
} from '@boli/engine/ads/photoCopies';
import type { GalleryItemView } from '../ads.api.ts';
import { useCloseOnBack } from '../../../lib/useCloseOnBack.ts';
import { useReloadedOnline } from '../../../lib/useReloadedOnline.ts';
import { VIDEO_UNPLAYABLE } from '../model/adTexts.ts';

const MAIN_HEIGHT = { xs: 240, sm: 380 };
const WHOLE_SCREEN = { width: '100vw', height: '100dvh' };

const kindOf = (item: GalleryItemView) => (item.galleryType === 'videos' ? 'video' : 'photo');

/**
 * What the browser picks a photo's copy by: the page's photo is as wide as the screen on a phone,
 * and at most 4:3 of its 380 px height above (`MAIN_HEIGHT`).
 */
const MAIN_PHOTO_SIZES = '(max-width: 600px) 100vw, 510px';

/** A gallery item's thumbnail on its button, which names it. */
function ThumbnailImage({ src }: { src: string }) {
  const reloadedOnline = useReloadedOnline();
  return (
    <Box
      key={reloadedOnline.key}
      onError={reloadedOnline.onError}
      component="img"
      src={src}
      alt=""
      sx={{ width: '100%', height: '100%', objectFit: 'cover' }}
    />
  );
}

function Shown({
  item,
  alt,
  size,
  onPage = false,
}: {
  item: GalleryItemView;
  alt: string;
  size: { width: string; height: string | { xs: number; sm: number } };
  /**
   * Shown on the ad's page, not enlarged: the browser may take the photo's display copy, a
   * quarter of the bytes, where the screen needs no more (engine/src/ads/photoCopies.ts).
   */
  onPage?: boolean;
}) {
  const reloadedOnline = useReloadedOnline();
  if (item.galleryType === 'videos')
    return <ShownVideo key={item.url} item={item} alt={alt} size={size} />;
  const copies = onPage
    ? {
        srcSet: `${displayCopyOf(item.url)} ${AD_PHOTO_DISPLAY_SIDE}w, ${item.url} ${AD_PHOTO_MAX_SIDE}w`,
        sizes: MAIN_PHOTO_SIZES,
      }
    : {};
  return (
    <Box
      key={reloadedOnline.key}
      onError={reloadedOnline.onError}
      component="img"
      src={item.url}
      {...copies}
      alt={alt}
      sx={{ ...size, objectFit: 'contain' }}
    />
  );
}

/**
 * A video with the browser's controls; one whose kind the browser cannot play (an FLV, an MPEG
 * programme stream, H.265 on many computers) says so in its place, over its poster, and offers
 * the file, rather than a player stuck at 0:00.
 */
function ShownVideo({
  item,
  alt,
  size,
}: {
  item: GalleryItemView;
  alt: string;
  size: { width: string; height: string | { xs: number; sm: number } };
}) {
  const [unplayable, setUnplayable] = useState(false);
  if (unplayable) {
    return (
      <Box
        role="group"
        aria-label={`${alt} video`}
        sx={{
          ...size,
          display: 'flex',
          flexDirection: 'column',
          alignItems: 'center',
          justifyContent: 'center',
          gap: 1,
          p: 2,
          textAlign: 'center',
          color: 'common.white',
          bgcolor: 'common.black',
          backgroundImage: item.thumbnail
            ? `linear-gradient(rgba(0,0,0,0.6), rgba(0,0,0,0.6)), url(${item.thumbnail})`
            : undefined,
          backgroundSize: 'cover',
          backgroundPosition: 'center',
        }}
      >
        <Typography>{VIDEO_UNPLAYABLE}</Typography>
        <Link href={item.url} download color="inherit">
          Download the video
        </Link>
      </Box>
    );
  }
  return (
    <Box
      component="video"
      controls
      preload="metadata"
      poster={item.thumbnail || undefined}
      src={item.url}
      aria-label={`${alt} video`}
      // MEDIA_ERR_SRC_NOT_SUPPORTED: a kind the browser cannot play, not a connection lost.
      onError={(event) => {
        if ((event.currentTarget as HTMLVideoElement).error?.code === 4) setUnplayable(true);
      }}
      sx={{ ...size, bgcolor: 'common.black' }}
    />
  );
}

/**
 * The whole screen given to one photo or video, with Previous and Next (the arrow keys too) and
 * Close (Escape and the browser's Back too); the focus goes back to what opened it.
 */
function GalleryViewer({
  items,
  index,
  title,
  onIndex,
  onClose,
}: {
  items: GalleryItemView[];
  index: number;
  title: string;
  onIndex: (index: number) => void;
  onClose: () => void;
}) {
  const item = items[index]!;
  useCloseOnBack(true, onClose);
  const step = (by: number) => onIndex((index + by + items.length) % items.length);
  const onKeyDown = (event: KeyboardEvent) => {
    if (items.length < 2) return;
    if (event.key === 'ArrowLeft') step(-1);
    if (event.key === 'ArrowRight') step(1);
  };
  const control = { position: 'absolute', color: 'common.white', bgcolor: 'rgba(0,0,0,0.5)' };
  return (
    <Dialog
      open
      fullScreen
      // The gallery puts the focus back itself: on the photo or video shown when it closed.
      disableRestoreFocus
      onClose={onClose}
      onKeyDown={onKeyDown}
      slotProps={{
        paper: {
          'aria-label': `${title}: ${kindOf(item)} ${index + 1} of ${items.length}`,
          sx: { bgcolor: 'common.black' },
        },
      }}
    >
      <Shown item={item} alt={title} size={WHOLE_SCREEN} />
      <IconButton aria-label="Close" onClick={onClose} sx={{ ...control, top: 8, right: 8 }}>
        <CloseIcon />
      </IconButton>
      {items.length > 1 && (
        <>
          <IconButton
            aria-label="Previous"
            onClick={() => step(-1)}
            sx={{ ...control, left: 8, top: '50%', transform: 'translateY(-50%)' }}
          >
            <ChevronLeftIcon />
          </IconButton>
          <IconButton
            aria-label="Next"
            onClick={() => step(1)}
            sx={{ ...control, right: 8, top: '50%', transform: 'translateY(-50%)' }}
          >
            <ChevronRightIcon />
          </IconButton>
          <Typography
            aria-hidden
            sx={{ ...control, bottom: 12, left: '50%', transform: 'translateX(-50%)', px: 1 }}
          >
            {index + 1} / {items.length}
          </Typography>
          {/* Arrow keys and Next change what is shown without moving the focus: say so. */}
          <Announcer
            message={`${kindOf(item) === 'video' ? 'Video' : 'Photo'} ${index + 1} of ${items.length}`}
          />
        </>
      )}
    </Dialog>
  );
}

/**
 * The ad's photos and videos: the chosen one large (videos play with controls), all below. A photo
 * opens on the whole screen when pressed (a video has its own full-screen control).
 */
export function AdGallery({ items, title }: { items: GalleryItemView[]; title: string }) {
  const [chosen, setChosen] = useState(0);
  const [enlarged, setEnlarged] = useState(false);
  const mainPhoto = useRef<HTMLButtonElement>(null);
  const thumbnails = useRef<(HTMLButtonElement | null)[]>([]);
  const shownIndex = Math.min(chosen, items.length - 1);
  const shown = items[shownIndex];
  if (!shown) return null;
  // Closed on a photo, the focus is on that photo; on a video (no button), on its thumbnail.
  const closeViewer = () => {
    setEnlarged(false);
    requestAnimationFrame(() => (mainPhoto.current ?? thumbnails.current[shownIndex])?.focus());
  };
  const main = { width: '100%', height: MAIN_HEIGHT };
  return (
    <Box data-testid="ad-gallery">
      {shown.galleryType === 'videos' ? (
        <Shown item={shown} alt={title} size={main} />
      ) : (
        <ButtonBase
          ref={mainPhoto}
          aria-label={`Enlarge photo ${shownIndex + 1}`}
          onClick={() => setEnlarged(true)}
          sx={{
            display: 'block',
            width: '100%',
            bgcolor: 'action.hover',
            cursor: 'zoom-in',
          }}
        >
          <Shown item={shown} alt={title} size={main} onPage />
        </ButtonBase>
      )}
      {enlarged && (
        <GalleryViewer
          items={items}
          index={shownIndex}
          title={title}
          onIndex={setChosen}
          onClose={closeViewer}
        />
      )}
      {items.length > 1 && (
        // Room inside the scrolling row for the focus ring (theme.ts), which it would clip.
        <Box sx={{ display: 'flex', gap: 1, mt: 0.5, p: 0.5, overflowX: 'auto' }}>
          {items.map((item, index) => (
            <ButtonBase
              key={item.name}
              ref={(element: HTMLButtonElement | null) => {
                thumbnails.current[index] = element;
              }}
              aria-label={`Show ${kindOf(item)} ${index + 1}`}
              aria-pressed={index === chosen}
              onClick={() => setChosen(index)}
              sx={{
                position: 'relative',
                flexShrink: 0,
                width: 72,
                height: 54,
                border: 2,
                borderColor: index === chosen ? 'primary.main' : 'transparent',
                borderRadius: 1,
                overflow: 'hidden',
              }}
            >
              <ThumbnailImage src={item.thumbnail || item.url} />
              {item.galleryType === 'videos' && (
                <PlayCircleIcon sx={{ position: 'absolute', color: 'common.white' }} />
              )}
            </ButtonBase>
          ))}
        </Box>
      )}
    </Box>
  );
}
