import { Router } from '@koa/router';
import { z } from 'zod';
import { adStream } from '@boli/engine/ads/ad.events';
import { replayAd, toHistoryEntry } from '@boli/engine/ads/ad.history';
import { verifyStreamChain } from '@boli/engine/eventStore/hashChain';
import { paiseToRupees } from '@boli/engine/shared/money';
import { requireAuth, requireRole } from '../../http/auth.ts';
import { success } from '../../http/envelope.ts';
import { ApiError, parseInput } from '../../http/errors.ts';
import type { Infrastructure } from '../../infrastructure.ts';

/** Who may replay an ad's history: support settles disputes, auditors check, admins do both. */
export const STAFF_ROLES = ['support', 'auditor', 'admin'] as const;

const historyParams = z.object({ adId: z.string().trim().min(1).max(100) });
const historyQuery = z.object({
  asOf: z.iso.datetime({ offset: true, message: 'asOf must be an ISO-8601 date-time' }).optional(),
});

/**
 * Staff tools. `GET /api/support/ads/:adId/history?asOf=` answers an ad's whole stream (each event
 * with both clocks, actor, request and hash), whether its hash chain is intact, and the ad replayed
 * as it stood at `asOf` — every bid with its amount, Hidden ones included.
 */
export function supportRouter(infra: Infrastructure): Router {
  const router = new Router({ prefix: '/api/support' });
  router.use(requireAuth(infra), requireRole(...STAFF_ROLES));

  router.get('/ads/:adId/history', async (ctx) => {
    const { adId } = parseInput(historyParams, ctx.params);
    const { asOf } = parseInput(historyQuery, ctx.query);
    const events = await infra.store.readStream(adStream(adId));
    if (events.length === 0) throw new ApiError(404, 'Ad not found', 'AD_NOT_FOUND');
    const replay = replayAd(events, asOf);
    const inRupees = <T extends { amount: number }>(bid: T) => ({
      ...bid,
      amount: paiseToRupees(bid.amount),
    });
    ctx.body = success({
      adId,
      chain: verifyStreamChain(events),
      events: events.map(toHistoryEntry),
      replay: {
        ...replay,
        bids: replay.bids.map(inRupees),
        highest: replay.highest.map(inRupees),
      },
    });
  });

  return router;
}
