import type { Knex } from 'knex';
import type { MobileRequestStatus } from '@boli/engine/social/mobileRequest.machine';

export type MobileRequestRow = {
  readonly requestId: string;
  readonly requestedBy: string;
  readonly requestedTo: string;
  readonly status: Exclude<MobileRequestStatus, 'none'>;
  readonly updatedAt: string;
};

type Stored = {
  request_id: string;
  requested_by: string;
  requested_to: string;
  status: MobileRequestRow['status'];
  updated_at: Date;
};

const fromStored = (row: Stored | undefined): MobileRequestRow | undefined =>
  row && {
    requestId: row.request_id,
    requestedBy: row.requested_by,
    requestedTo: row.requested_to,
    status: row.status,
    updatedAt: new Date(row.updated_at).toISOString(),
  };

export const findMobileRequestById = async (
  db: Knex,
  requestId: string,
): Promise<MobileRequestRow | undefined> =>
  fromStored(await db('mobile_requests').where({ request_id: requestId }).first());

/** The request `requestedBy` made for `requestedTo`'s number, if any. */
export const findMobileRequestBetween = async (
  db: Knex,
  { requestedBy, requestedTo }: { requestedBy: string; requestedTo: string },
): Promise<MobileRequestRow | undefined> =>
  fromStored(
    await db('mobile_requests')
      .where({ requested_by: requestedBy, requested_to: requestedTo })
      .first(),
  );

/** Section 6: has `ownerId` approved `viewerId`'s request (and not revoked it since)? */
export const mobileRequestApproved = async (
  db: Knex,
  { ownerId, viewerId }: { ownerId: string; viewerId: string },
): Promise<boolean> =>
  (await findMobileRequestBetween(db, { requestedBy: viewerId, requestedTo: ownerId }))?.status ===
  'approved';
