import type { GalleryItemView } from '../ads.api.ts';
import type { Upload } from './uploadQueue.ts';

/*
 * The media screen's upload rows and the gallery items they added, so that removing an item
 * also removes its row (which would otherwise still say 'Uploaded'). POST /api/gallery/upload
 * answers with the whole gallery after its file went in, and marks the items that request stored
 * (`added`): uploads running side by side may finish in any order, and each answer holds the
 * others' items too, so only the mark says which item is a row's own.
 */

/** The gallery item each finished upload added and the gallery still shows: upload id → name. */
export function itemsOfUploads(
  uploads: readonly Upload<GalleryItemView[]>[],
  gallery: readonly string[],
): Map<string, string> {
  const shown = new Set(gallery);
  const claims = new Map<string, string>();
  for (const upload of uploads) {
    if (upload.status !== 'uploaded') continue;
    const item = (upload.result ?? []).find(({ name, added }) => added && shown.has(name));
    if (item) claims.set(upload.id, item.name);
  }
  return claims;
}

/**
 * The gallery with the items of `uploads` put back in the order their files were chosen —
 * uploads side by side are stored in the order they finish — each in one of the places those
 * items hold, the others untouched; null when they are in that order already.
 */
export function inChosenOrder(
  uploads: readonly Upload<GalleryItemView[]>[],
  gallery: readonly string[],
): string[] | null {
  const claims = itemsOfUploads(uploads, gallery);
  // Map keeps the rows' order: the order their files were chosen in.
  const chosen = [...claims.values()];
  const places = chosen.map((name) => gallery.indexOf(name)).sort((a, b) => a - b);
  const order = [...gallery];
  places.forEach((place, index) => (order[place] = chosen[index]!));
  return order.every((name, index) => name === gallery[index]) ? null : order;
}

/** The upload row that added the item `name`, if one on this screen did. */
export function uploadOfItem(
  uploads: readonly Upload<GalleryItemView[]>[],
  name: string,
  gallery: readonly string[],
): string | undefined {
  for (const [id, item] of itemsOfUploads(uploads, gallery)) if (item === name) return id;
  return undefined;
}

/**
 * What each gallery item is called to a screen reader, in the gallery's order: its kind and
 * place among its kind ('Photo 1', 'Photo 2', 'Video 1'), not the name it was stored under.
 */
export function mediaLabels(gallery: readonly Pick<GalleryItemView, 'galleryType'>[]): string[] {
  const counts = { Photo: 0, Video: 0 };
  return gallery.map(({ galleryType }) => {
    const kind = galleryType === 'videos' ? 'Video' : 'Photo';
    counts[kind] += 1;
    return `${kind} ${counts[kind]}`;
  });
}
