/*
 * The sizes a stored ad photo is kept in. The photo itself (at most `AD_PHOTO_MAX_SIDE` a side)
 * fills a whole screen when enlarged; its display copy (at most `AD_PHOTO_DISPLAY_SIDE`) is what
 * the ad's page shows, a quarter of the bytes on a phone; the thumbnail the cards and the
 * gallery's row. The display copy is named after the photo, so nothing records it: a photo stored
 * before copies were made is served in its place (api/src/routes/user/router.ts, /media/:name).
 */

/** The longest side of a stored photo. */
export const AD_PHOTO_MAX_SIDE = 1600;
/** The longest side of a photo's display copy. */
export const AD_PHOTO_DISPLAY_SIDE = 800;

const PHOTO = /\.jpg$/;
const DISPLAY_COPY = '.display.jpg';

/** `…/<id>.jpg` → `…/<id>.display.jpg`: the display copy of a photo, by name or address. */
export const displayCopyOf = (photo: string): string => photo.replace(PHOTO, DISPLAY_COPY);

/** `<id>.display.jpg` → `<id>.jpg`: the photo a display copy was made of; undefined for others. */
export const photoOfDisplayCopy = (name: string): string | undefined =>
  name.endsWith(DISPLAY_COPY) ? `${name.slice(0, -DISPLAY_COPY.length)}.jpg` : undefined;

/** Every file stored for a gallery item: a photo's display copy with it. */
export const storedFilesOf = (item: {
  readonly galleryType: string;
  readonly name: string;
  readonly thumbnail: string;
}): string[] =>
  item.galleryType === 'photos'
    ? [item.name, displayCopyOf(item.name), item.thumbnail]
    : [item.name, item.thumbnail];
