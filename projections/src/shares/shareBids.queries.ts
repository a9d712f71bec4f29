import type { Knex } from 'knex';
import type { ShareBidType } from '@boli/engine/shares/shareBid.events';
import { shareBidView, type ShareBidView } from './shareBidView.ts';

/** Reads of the share bids read model (docs/api/shares.md); readers query the view `share_bids`. */

export type ShareBidPage = {
  readonly data: ShareBidView[];
  /** Zero-based. */
  readonly page: number;
  readonly totalPages: number;
  readonly total: number;
};

type Row = {
  bid_id: string;
  company: string;
  user_id: string;
  username: string;
  amount: string | number;
  type: ShareBidType;
  placed_at: Date;
};

/**
 * A page of share bids, newest first, as `viewerId` may see them (shareBidView.ts). With `mine`,
 * only the viewer's own bids (their previous bids).
 */
export async function listShareBids(
  db: Knex,
  options: { viewerId: string | null; page: number; limit: number; mine?: boolean },
): Promise<ShareBidPage> {
  const { viewerId, page, limit } = options;
  const scope = (query: Knex.QueryBuilder) =>
    options.mine ? query.where({ user_id: viewerId ?? '' }) : query;
  const [{ n }] = (await scope(db('share_bids')).count({ n: '*' })) as [{ n: string | number }];
  const total = Number(n);
  const rows: Row[] = await scope(db('share_bids'))
    .select('bid_id', 'company', 'user_id', 'username', 'amount', 'type', 'placed_at')
    .orderBy([
      { column: 'placed_at', order: 'desc' },
      { column: 'bid_id', order: 'desc' },
    ])
    .offset(page * limit)
    .limit(limit);
  return {
    data: rows.map((row) =>
      shareBidView(
        {
          bidId: row.bid_id,
          company: row.company,
          userId: row.user_id,
          username: row.username,
          amount: Number(row.amount),
          type: row.type,
          placedAt: new Date(row.placed_at).toISOString(),
        },
        viewerId,
      ),
    ),
    page,
    totalPages: Math.ceil(total / limit),
    total,
  };
}
