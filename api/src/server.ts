import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { Server as EngineServer } from 'engine.io';
import { Server as SocketServer } from 'socket.io';
import { createAdapter } from '@socket.io/redis-streams-adapter';
import { Redis } from 'ioredis';
import { createApp, type AppOptions } from './app.ts';
import type { Infrastructure } from './infrastructure.ts';
import { LIVE_SOCKET_PATH } from '@boli/engine/shared/routeAccess';
import { LIMITS } from '@boli/engine/shared/limits';
import { isSocketRequest } from './http/addresses.ts';
import { answerClientError } from './http/clientErrors.ts';
import { attachBidLive } from './live/bidLive.ts';
import { attachNotificationLive } from './live/notificationLive.ts';
import { watchSocketSessions } from './live/socketAuth.ts';

export type RunningServer = {
  url: string;
  io: SocketServer;
  close(): Promise<void>;
};

/**
 * How long an idle kept-alive connection stays open (Node's default: 5 s). Node accepts one new
 * connection per turn of its event loop (libuv ≥ 1.45), so under load a client that has to
 * connect again waits a turn for every connection queued before it: measured in the bidding bench,
 * 60 connections opened at once while the api served ~1,000 bids/s waited up to 1.4 s to be
 * accepted. Kept a minute, a returning browser reuses its connection, and a proxy in front (whose
 * idle timeout is typically 60 s) never sends on a connection the api has just closed.
 */
export const KEEP_ALIVE_MS = 65_000;

/** HTTP + socket.io on one port. */
export async function startServer(
  infra: Infrastructure,
  options: AppOptions & { port?: number; host?: string } = {},
): Promise<RunningServer> {
  const app = createApp(infra, options);
  const handleHttp = app.callback();
  const engine = new EngineServer();
  // Rooms shared by every api process through Redis; each process pushes to its own sockets.
  const sharedName = `${infra.config.QUEUE_PREFIX}:socket.io`;
  // A connection of the adapter's own that waits out a Redis outage instead of failing: the
  // adapter publishes heartbeats without handling a failed command, and an unhandled rejection
  // would end the process — while /healthz should be answering 503 naming Redis.
  const adapterRedis = new Redis(infra.config.REDIS_URL, { maxRetriesPerRequest: null });
  adapterRedis.on('error', () => undefined);
  const io = new SocketServer({
    path: LIVE_SOCKET_PATH,
    serveClient: false,
    adapter: createAdapter(adapterRedis, {
      streamName: sharedName,
      channelPrefix: sharedName,
      blockTimeInMs: 1_000,
    }),
  });
  io.bind(engine);
  const live = [
    attachBidLive(io, infra),
    attachNotificationLive(io, infra),
    watchSocketSessions(io, infra),
  ];

  const server = http.createServer(
    { requestTimeout: LIMITS.requestArrivalMinutes * 60_000 },
    (request, response) =>
      isSocketRequest(request)
        ? engine.handleRequest(request, response)
        : void handleHttp(request, response),
  );
  server.keepAliveTimeout = KEEP_ALIVE_MS;
  server.on('clientError', answerClientError);
  server.on('upgrade', (request, socket, head) => {
    if (isSocketRequest(request)) engine.handleUpgrade(request, socket, head);
    else socket.destroy();
  });

  const port = options.port ?? infra.config.PORT;
  const host = options.host ?? infra.config.HOST;
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => resolve());
  });
  const address = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${address.port}`,
    io,
    close: async () => {
      await Promise.all(live.map((feature) => feature.stop()));
      await new Promise<void>((resolve) => {
        io.close();
        engine.close();
        server.close(() => resolve());
        server.closeAllConnections();
      });
      await closeAdapterConnection(adapterRedis);
    },
  };
}

/**
 * The adapter sends some commands without handling their failure (a fetchSockets request is a
 * PUBLISH nobody awaits): cutting the connection under one is an unhandled rejection. QUIT goes
 * after them, so each gets its answer first; a connection that is not up has none waiting.
 */
async function closeAdapterConnection(redis: Redis): Promise<void> {
  if (redis.status === 'ready') await redis.quit().catch(() => undefined);
  else redis.disconnect();
}
