import type { GalleryItemView } from '../ads.api.ts';
import type { Upload } from './uploadQueue.ts';

/*
 * The media screen's upload rows and the gallery items they added, so that removing an item
 * also removes its row (which would otherwise still say 'Uploaded'). POST /api/gallery/upload
 * answers with the whole gallery after its file went in, not with the item, and uploads running
 * side by side may each answer with the others' items too (the api stores them together). So
 * the rows, in the order they were added (the order the api took them), claim in turn the first
 * item of their answer that no earlier row claimed, that was not there when the screen opened,
 * and that the gallery still shows.
 */

/** The gallery item each finished upload added: upload id → item name. */
export function itemsOfUploads(
  uploads: readonly Upload<GalleryItemView[]>[],
  { before, gallery }: { before: readonly string[]; gallery: readonly string[] },
): Map<string, string> {
  const shown = new Set(gallery);
  const taken = new Set(before);
  const claims = new Map<string, string>();
  for (const upload of uploads) {
    if (upload.status !== 'uploaded') continue;
    const item = (upload.result ?? []).find(({ name }) => shown.has(name) && !taken.has(name));
    if (!item) continue;
    taken.add(item.name);
    claims.set(upload.id, item.name);
  }
  return claims;
}

/** The upload row that added the item `name`, if one on this screen did. */
export function uploadOfItem(
  uploads: readonly Upload<GalleryItemView[]>[],
  name: string,
  galleries: { before: readonly string[]; gallery: readonly string[] },
): string | undefined {
  for (const [id, item] of itemsOfUploads(uploads, galleries)) if (item === name) return id;
  return undefined;
}
