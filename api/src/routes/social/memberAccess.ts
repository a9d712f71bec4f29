import { MESSAGES } from '@boli/engine/shared/messages';
import { findUserById, type UserRow } from '@boli/projections/users/users.queries';
import { ApiError } from '../../http/errors.ts';
import type { Infrastructure } from '../../infrastructure.ts';

/** Another member as the social calls see them: unknown (and, for reviews, blocked) → 404. */
export async function otherMember(
  infra: Pick<Infrastructure, 'db'>,
  userId: string,
  { blockedToo }: { blockedToo: boolean },
): Promise<UserRow> {
  const row = await findUserById(infra.db, userId);
  if (row === undefined || (row.is_blocked && !blockedToo)) {
    throw new ApiError(404, MESSAGES.noUsersFound, 'NOT_FOUND');
  }
  return row;
}
