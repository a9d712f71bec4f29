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

/** The upload row that added the item `name`, if one on this screen did. */
export function uploadOfItem(
  uploads: readonly Upload<GalleryItemView[]>[],
  name: string,
  gallery: readonly string[],
): string | undefined {
  for (const [id, item] of itemsOfUploads(uploads, gallery)) if (item === name) return id;
  return undefined;
}
