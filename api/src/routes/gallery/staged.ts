import type { Knex } from 'knex';
import { storedFilesOf } from '@boli/engine/ads/photoCopies';
import type { GalleryItem, GalleryType } from '@boli/engine/ads/ad.events';
import type { Migration } from '@boli/engine/shared/migration';
import type { MediaStorage } from '../../media/storage.ts';
import { isUuid } from '@boli/engine/shared/uuid';
import { LIMITS } from '@boli/engine/shared/limits';

/*
 * Staged media: files a member uploaded ahead of posting (one request per file, so the web app
 * can send six at once with progress), already stored in their gallery form and waiting for the
 * ad that uses them. Not a projection: an upload in progress is not a fact of the log. A staged
 * file unused after LIMITS.stagedMediaHours is deleted.
 */

export const STAGED_MEDIA = 'staged_media';

export const stagedMediaMigration: Migration = {
  name: '20261123_0500_staged_media',
  async up(knex) {
    await knex.schema.raw(`
      CREATE TABLE ${STAGED_MEDIA} (
        staged_id uuid PRIMARY KEY,
        user_id text NOT NULL,
        gallery_type text NOT NULL CHECK (gallery_type IN ('photos', 'videos')),
        name text NOT NULL,
        thumbnail text NOT NULL,
        staged_at timestamptz NOT NULL
      );
      CREATE INDEX ${STAGED_MEDIA}_user ON ${STAGED_MEDIA} (user_id);
      CREATE INDEX ${STAGED_MEDIA}_staged_at ON ${STAGED_MEDIA} (staged_at);
    `);
  },
  async down(knex) {
    await knex.schema.dropTableIfExists(STAGED_MEDIA);
  },
};

export type StagedMedia = GalleryItem & { readonly stagedId: string };

type StagedRow = {
  staged_id: string;
  gallery_type: GalleryType;
  name: string;
  thumbnail: string;
};

export async function stageMedia(
  db: Knex,
  userId: string,
  item: GalleryItem & { stagedId: string },
  now: Date,
): Promise<void> {
  await db(STAGED_MEDIA).insert({
    staged_id: item.stagedId,
    user_id: userId,
    gallery_type: item.galleryType,
    name: item.name,
    thumbnail: item.thumbnail,
    staged_at: now,
  });
}

const cutoff = (now: Date): Date => new Date(now.getTime() - LIMITS.stagedMediaHours * 3_600_000);

/**
 * The member's own live staged files with these ids, in the order asked; undefined when any id is
 * unknown, someone else's, or expired.
 */
export async function findStaged(
  db: Knex,
  userId: string,
  stagedIds: readonly string[],
  now: Date,
): Promise<StagedMedia[] | undefined> {
  if (stagedIds.length === 0) return [];
  if (!stagedIds.every((id) => isUuid(id)) || new Set(stagedIds).size !== stagedIds.length) {
    return undefined;
  }
  const rows: StagedRow[] = await db(STAGED_MEDIA)
    .select('staged_id', 'gallery_type', 'name', 'thumbnail')
    .whereIn('staged_id', [...stagedIds])
    .andWhere({ user_id: userId })
    .andWhere('staged_at', '>', cutoff(now));
  const byId = new Map(rows.map((row) => [row.staged_id, row]));
  const found = stagedIds.map((id) => byId.get(id.toLowerCase()));
  if (found.some((row) => row === undefined)) return undefined;
  return (found as StagedRow[]).map((row) => ({
    stagedId: row.staged_id,
    galleryType: row.gallery_type,
    name: row.name,
    thumbnail: row.thumbnail,
  }));
}

/** The staged files now belong to an ad: forget them (their files stay). */
export async function releaseStaged(db: Knex, stagedIds: readonly string[]): Promise<void> {
  if (stagedIds.length === 0) return;
  await db(STAGED_MEDIA)
    .whereIn('staged_id', [...stagedIds])
    .delete();
}

/** Deletes staged files unused after LIMITS.stagedMediaHours, rows and files; returns how many. */
export async function deleteExpiredStaged(
  db: Knex,
  storage: MediaStorage,
  now: Date,
): Promise<number> {
  const expired: { gallery_type: string; name: string; thumbnail: string }[] = await db(
    STAGED_MEDIA,
  )
    .where('staged_at', '<=', cutoff(now))
    .delete()
    .returning(['gallery_type', 'name', 'thumbnail']);
  await Promise.allSettled(
    expired.flatMap((row) =>
      storedFilesOf({ ...row, galleryType: row.gallery_type }).map((name) => storage.remove(name)),
    ),
  );
  return expired.length;
}
