import type { Server as SocketServer, Socket } from 'socket.io';
import { z } from 'zod';
import type { BiddingClosed, BidPlaced, FinalCallMade } from '@boli/engine/ads/ad.events';
import {
  formatPosition,
  parsePosition,
  POSITION_TEXT,
  type RecordedEvent,
} from '@boli/engine/eventStore/eventStore';
import { MESSAGES } from '@boli/engine/shared/messages';
import { AD_MESSAGES } from '@boli/engine/ads/ad.messages';
import { withAdded } from '@boli/engine/shared/objects';
import {
  bidPage,
  biddersAmong,
  bidsCheckpoint,
  bidsSince,
  bidSummaryView,
  findAdBidding,
  findBid,
  publicStoredBid,
  toBidView,
  type BidSummaryView,
  type BidView,
} from '@boli/projections/bids/bids.queries';
import { waitForProjections } from '@boli/projections';
import type { Infrastructure } from '../infrastructure.ts';
import { followLog, type LogFollower } from './logFollower.ts';
import { authenticateSockets, rolesOf, userIdOf } from './socketAuth.ts';
import { withdrawnFromViewer } from '../routes/bid/withdrawnAd.ts';
import { bidListQuery } from '../routes/bid/schema.ts';
import { adKey } from '../routes/posts/schema.ts';

/*
 * Live bidding over socket.io (path /bid; docs/api/bids.md). Every api process follows the event
 * log itself and, once the `bids` read model has committed an event, sends it to the sockets
 * connected to *this* process that watch the ad — each with its own payload, so a Hidden amount
 * reaches only the owner and its bidder; each distinct payload is encoded once for all the
 * sockets it goes to. Emitting only to local sockets (`io.local`) means no event is sent twice
 * however many processes run; the Redis streams adapter shares the rooms for what is room-wide
 * (the `online` count).
 */

type LiveInfra = Pick<Infrastructure, 'db' | 'postgresOutages' | 'store' | 'logger' | 'config'>;

export const adRoom = (adId: string): string => `ad:${adId}`;

const PAGE_KEY = /^[\w-]{8,64}$/;

/**
 * The page a socket watches from: the key its page sent (`auth.page`, one per page load), else
 * the socket itself. A page whose link dropped and came back is one viewer, not two, while the
 * server waits out the socket it lost (socket.io's ping timeout, up to ~45 s).
 */
export const viewingPageOf = (socket: { id: string; handshake: { auth: unknown } }): string => {
  const page = (socket.handshake.auth as { page?: unknown } | undefined)?.page;
  return typeof page === 'string' && PAGE_KEY.test(page) ? `page:${page}` : `socket:${socket.id}`;
};

/** What the owner changes of an ad's page: its details, its photos and videos, its thumbnail. */
const AD_CHANGES = new Set([
  'AdEdited',
  'MediaAdded',
  'MediaRemoved',
  'MediaReordered',
  'ThumbnailChosen',
]);

const LIVE_EVENTS = new Set(['BidPlaced', 'FinalCallMade', 'BiddingClosed', ...AD_CHANGES]);

const loadInput = z.object({
  item_id: adKey,
  since: z.string().regex(POSITION_TEXT).optional(),
});
const leaveInput = z.object({ item_id: adKey });

type Ack = ((answer: unknown) => void) | undefined;

export type NewBidMessage = { bid: BidView; summary: BidSummaryView; position: string };

export type BidLive = { stop(): Promise<void> };

export function attachBidLive(io: SocketServer, infra: LiveInfra): BidLive {
  const { db, logger } = infra;
  const log = logger.child({ component: 'bidLive' });
  let stopping = false;

  // A token in the query names the member; none is a guest (read-only anyway).
  authenticateSockets(io, infra);

  const viewerOf = (socket: Socket) => {
    const userId = userIdOf(socket);
    return userId === undefined ? {} : { userId };
  };

  async function announceOnline(adId: string): Promise<void> {
    try {
      const sockets = await io.in(adRoom(adId)).fetchSockets();
      const count = new Set(sockets.map(viewingPageOf)).size;
      io.to(adRoom(adId)).emit('online', { item_id: adId, count });
    } catch (error) {
      log.warn({ err: error, adId }, 'could not count the viewers of an ad');
    }
  }

  /** A blocked member's ad, withdrawn from this viewer as over HTTP (`withdrawnFromViewer`). */
  const withdrawnFrom = (socket: Socket, adId: string): Promise<boolean> =>
    withdrawnFromViewer(db, rolesOf(socket), adId);

  const reply = (socket: Socket, event: string, answer: unknown, ack: Ack) => {
    socket.emit(event, answer);
    if (typeof ack === 'function') ack(answer);
  };

  io.on('connection', (socket) => {
    socket.on('load', async (raw: unknown, ack: Ack) => {
      const input = loadInput.safeParse(raw);
      if (!input.success) return reply(socket, 'getBidResponse', { error: MESSAGES.generic }, ack);
      const { item_id: adId, since } = input.data;
      try {
        // Join first: whatever commits from here on is pushed; what came before is in the answer.
        await socket.join(adRoom(adId));
        const viewer = viewerOf(socket);
        const summary = (await withdrawnFrom(socket, adId))
          ? undefined
          : await bidSummaryView(db, { adId, viewer, now: new Date() });
        if (summary === undefined) {
          await socket.leave(adRoom(adId));
          return reply(
            socket,
            'getBidResponse',
            { item_id: adId, error: AD_MESSAGES.adNotFound },
            ack,
          );
        }
        const missed =
          since === undefined
            ? []
            : (await bidsSince(db, adId, parsePosition(since))).map((bid) =>
                toBidView(publicStoredBid(bid, withAdded(viewer, { isOwner: summary.isOwner }))),
              );
        reply(
          socket,
          'getBidResponse',
          { item_id: adId, summary, position: summary.position, missed },
          ack,
        );
        await announceOnline(adId);
      } catch (error) {
        log.error({ err: error, adId }, 'load failed');
        reply(socket, 'getBidResponse', { item_id: adId, error: MESSAGES.generic }, ack);
      }
    });

    socket.on('getBids', async (raw: unknown, ack: Ack) => {
      // The same question as HTTP's getBids, in the same words.
      const input = bidListQuery.safeParse(raw);
      if (!input.success) return reply(socket, 'getBids', { error: MESSAGES.generic }, ack);
      const { item_id: adId, page, limit, isAfterFinalCall } = input.data;
      try {
        const found = (await withdrawnFrom(socket, adId))
          ? undefined
          : await bidPage(db, {
              adId,
              viewer: viewerOf(socket),
              phase: isAfterFinalCall ? 'afterFinalCall' : 'beforeFinalCall',
              page,
              limit,
            });
        reply(
          socket,
          'getBids',
          found === undefined
            ? { item_id: adId, error: AD_MESSAGES.adNotFound }
            : { item_id: adId, ...found },
          ack,
        );
      } catch (error) {
        log.error({ err: error, adId }, 'getBids failed');
        reply(socket, 'getBids', { item_id: adId, error: MESSAGES.generic }, ack);
      }
    });

    socket.on('leave', async (raw: unknown) => {
      const input = leaveInput.safeParse(raw);
      if (!input.success) return;
      await socket.leave(adRoom(input.data.item_id));
      await announceOnline(input.data.item_id);
    });

    socket.on('disconnecting', () => {
      const watched = [...socket.rooms].filter((room) => room.startsWith('ad:'));
      socket.once('disconnect', () => {
        // A stopping server disconnects every socket and closes the adapter: no count is answered.
        if (stopping) return;
        for (const room of watched) void announceOnline(room.slice('ad:'.length));
      });
    });
  });

  /** This process's sockets watching the ad. */
  const localWatchers = (adId: string): Socket[] =>
    [...(io.sockets.adapter.rooms.get(adRoom(adId)) ?? [])]
      .map((id) => io.sockets.sockets.get(id))
      .filter((socket): socket is Socket => socket !== undefined);

  async function pushBid(event: RecordedEvent, watchers: Socket[]): Promise<void> {
    const { adId, bidId } = event.data as BidPlaced['data'];
    const userIds = watchers.flatMap((socket) => userIdOf(socket) ?? []);
    const [bid, ad, bidders] = await Promise.all([
      findBid(db, bidId),
      findAdBidding(db, adId),
      biddersAmong(db, adId, userIds),
    ]);
    if (bid === undefined || ad === undefined) return;
    const position = formatPosition(event.position);
    const now = new Date();
    // Viewers who see the same thing share one payload: the owner, each member with bids here,
    // and everyone else (guests and members who have not bid see the public view).
    const payloads = new Map<string, Promise<NewBidMessage | undefined>>();
    const payloadFor = (userId: string | undefined) => {
      const key =
        userId !== undefined && (userId === ad.ownerId || bidders.has(userId)) ? userId : '';
      let payload = payloads.get(key);
      if (payload === undefined) {
        const viewer = key === '' ? {} : { userId: key };
        payload = bidSummaryView(db, { adId, viewer, now }).then((summary) =>
          summary === undefined
            ? undefined
            : {
                bid: toBidView(
                  publicStoredBid(bid, withAdded(viewer, { isOwner: key === ad.ownerId })),
                ),
                summary,
                position,
              },
        );
        payloads.set(key, payload);
      }
      return payload;
    };
    // Every distinct payload is read at once (a failed read fails the push, as one at a time
    // did); then each is encoded once and sent to the watchers it is for.
    const audiences = new Map<Promise<NewBidMessage | undefined>, string[]>();
    for (const socket of watchers) {
      const payload = payloadFor(userIdOf(socket));
      const socketIds = audiences.get(payload) ?? [];
      socketIds.push(socket.id);
      audiences.set(payload, socketIds);
    }
    await Promise.all(payloads.values());
    for (const [payload, socketIds] of audiences) {
      const message = await payload;
      if (message !== undefined) io.local.to(socketIds).emit(`newbid:${adId}`, message);
    }
  }

  async function handle(event: RecordedEvent, follower: LogFollower): Promise<void> {
    if (!LIVE_EVENTS.has(event.type)) return;
    const { adId } = event.data as { adId: string };
    if (localWatchers(adId).length === 0) return;
    if (!(await follower.committed(event.position))) return;
    const position = formatPosition(event.position);
    if (AD_CHANGES.has(event.type)) {
      // The page reads the ad again on receipt, from the `ads` read model: sent once that has the
      // change (or after the wait's bound, rather than never).
      await waitForProjections(db, ['ads'], event.position);
      io.local.to(adRoom(adId)).emit(`edited:${adId}`, { item_id: adId, position });
      return;
    }
    switch (event.type) {
      case 'BidPlaced':
        // Read again: sockets may have come or gone while the read model caught up.
        return pushBid(event, localWatchers(adId));
      case 'FinalCallMade': {
        const { deadline } = event.data as FinalCallMade['data'];
        io.local.to(adRoom(adId)).emit(`finalcall:${adId}`, {
          item_id: adId,
          finalCallDateTime: deadline,
          position,
        });
        return;
      }
      case 'BiddingClosed': {
        const { closedAt, reason } = event.data as BiddingClosed['data'];
        io.local
          .to(adRoom(adId))
          .emit(`closed:${adId}`, { item_id: adId, closedAt, closeReason: reason, position });
        return;
      }
    }
  }

  // From what the bids read model has committed: anything after it has not been pushed yet.
  const follower = followLog(infra, {
    projection: 'bids',
    start: () => bidsCheckpoint(db),
    types: [...LIVE_EVENTS],
    handle,
    log,
  });
  return {
    async stop() {
      stopping = true;
      await follower.stop();
    },
  };
}
