import type { AccountEvent } from '@boli/engine/accounts/account.events';
import type { PurchaseFulfilled } from '@boli/engine/billing/purchase.events';
import { foldRows } from '../runtime/foldRows.ts';
import { defineProjection } from '../runtime/projection.ts';
import {
  evolveShareFee,
  evolveUserRow,
  SHARE_FEE_EVENT_TYPES,
  USER_EVENT_TYPES,
  type UserRow,
} from './users.evolve.ts';
import { createUsersTable, fromStored, toStored, userColumns } from './users.table.ts';
import { isOneOf } from '@boli/engine/shared/oneOf';

const isShareFeeEvent = (type: string): boolean => isOneOf(SHARE_FEE_EVENT_TYPES, type);

/**
 * One row per member (section 3's User), for logins, profiles, search and member lists. A batch
 * loads the rows it touches, folds its events in log order with `evolveUserRow` and writes each
 * changed row once. An account event at or below a row's `last_version` (the account stream's
 * version) was applied already and is skipped, so replaying the log changes nothing. A fulfilled
 * buy-share bid fee comes from a purchase stream: it sets `has_paid_to_buy_share` without moving
 * `last_version` (version 2). Version 3: whether the member is mailed notices (`email_notices`).
 */
export const usersProjection = defineProjection({
  name: 'users',
  version: 3,
  handles: [...USER_EVENT_TYPES, ...SHARE_FEE_EVENT_TYPES],
  tables: { users: { create: createUsersTable } },
  async handleBatch(trx, events, tables) {
    const userIdOf = (event: (typeof events)[number]) => (event.data as { userId: string }).userId;
    const ids = [...new Set(events.map(userIdOf))];
    const stored = await trx(tables.users)
      .select([...userColumns(trx), 'last_version'])
      .whereIn('user_id', ids);
    const loaded = new Map(
      stored.map((raw: Parameters<typeof fromStored>[0] & { last_version: number }) => [
        raw.user_id,
        { row: fromStored(raw), version: raw.last_version },
      ]),
    );
    const changed = foldRows<UserRow>(loaded, events, {
      keyOf: userIdOf,
      evolve: (row, event) =>
        isShareFeeEvent(event.type)
          ? evolveShareFee(row, event as unknown as PurchaseFulfilled)
          : evolveUserRow(row, event as unknown as AccountEvent),
      isForeign: (event) => isShareFeeEvent(event.type),
    });
    const writes = [...changed.values()].map(({ row, version }) => toStored(row, version));
    if (writes.length === 0) return;
    await trx(tables.users).insert(writes).onConflict('user_id').merge();
  },
});
