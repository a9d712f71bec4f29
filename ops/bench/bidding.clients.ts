// The bidding bench's clients, in a process of their own so that making requests and holding
// 2,000 sockets does not eat into the api's event loop. The parent sends one task over IPC and
// gets its result back; times are wall-clock milliseconds (both processes share the machine's
// clock), so the parent can compare them with what the server recorded.
import { io, type Socket } from 'socket.io-client';
import { connectionPool, jsonPost } from './leanHttp.ts';
import { serveTasks } from './taskProcess.ts';

export type Bidder = { token: string; bidAlias: string };

export type ClientTask =
  | {
      kind: 'closedLoop';
      baseUrl: string;
      bidders: Bidder[];
      adIds: string[];
      inFlight: number;
      ms: number;
    }
  | {
      kind: 'openLoop';
      baseUrl: string;
      bidders: Bidder[];
      adIds: string[];
      perSecond: number;
      ms: number;
    }
  | {
      kind: 'viewers';
      baseUrl: string;
      bidders: Bidder[];
      adIds: string[];
      viewers: number;
      /** Tokens for some viewers (members see their own payloads); the rest are guests. */
      viewerTokens: string[];
      perSecond: number;
      ms: number;
    };

export type LoadResult = {
  ok: number;
  failed: number;
  perSecond: number;
  latencies: number[];
  firstError?: string;
};
export type ViewerResult = LoadResult & {
  expected: number;
  delivered: number;
  deliveries: number[];
};

const clock = () => performance.timeOrigin + performance.now();
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const pick = <T>(items: T[]): T => items[Math.floor(Math.random() * items.length)]!;

let amount = 1_000 + Math.floor(Math.random() * 1_000) * 100_000;

/** Kept-alive connections for the bids (leanHttp.ts: the clients share the machine they measure). */
let pool: ReturnType<typeof connectionPool> | undefined;
let poolUrl = '';
const connections = (baseUrl: string) => {
  if (pool === undefined || poolUrl !== baseUrl) {
    pool?.close();
    pool = connectionPool(baseUrl);
    poolUrl = baseUrl;
  }
  return pool;
};

/** POST /api/bid/ once; resolves to the latency, or throws with the answer. */
async function placeBid(baseUrl: string, bidder: Bidder, adId: string, rupees = ++amount) {
  const started = clock();
  const { status, body } = await connections(baseUrl).send(
    jsonPost(
      '/api/bid/',
      bidder.token,
      JSON.stringify({ item_id: adId, bidamt: rupees, type: 'Open', bidAlias: bidder.bidAlias }),
    ),
  );
  if (status !== 200) throw new Error(`${status} ${body.slice(0, 200)}`);
  return { started, latency: clock() - started };
}

type Settled = PromiseSettledResult<{ latency: number }>;

/** Never rejects, so a refused bid is counted rather than crashing the process meanwhile. */
const settle = (attempt: Promise<{ latency: number }>): Promise<Settled> =>
  attempt.then(
    (value) => ({ status: 'fulfilled', value }),
    (reason: unknown) => ({ status: 'rejected', reason }),
  );

function tally(results: Settled[], ms: number): LoadResult {
  const latencies: number[] = [];
  let firstError: string | undefined;
  for (const result of results) {
    if (result.status === 'fulfilled') latencies.push(result.value.latency);
    else firstError ??= String((result.reason as Error)?.message ?? result.reason);
  }
  return {
    ok: latencies.length,
    failed: results.length - latencies.length,
    perSecond: latencies.length / (ms / 1000),
    latencies: latencies.sort((a, b) => a - b),
    ...(firstError ? { firstError } : {}),
  };
}

/** `inFlight` callers, each placing its next bid as soon as the last is answered. */
async function closedLoop(task: Extract<ClientTask, { kind: 'closedLoop' }>): Promise<LoadResult> {
  await connections(task.baseUrl).open(task.inFlight);
  const results: Settled[] = [];
  const started = clock();
  const until = started + task.ms;
  await Promise.all(
    Array.from({ length: task.inFlight }, async () => {
      while (clock() < until) {
        const [settled] = await Promise.allSettled([
          placeBid(task.baseUrl, pick(task.bidders), pick(task.adIds)),
        ]);
        results.push(settled!);
      }
    }),
  );
  return tally(results, clock() - started);
}

/**
 * The open loop's connections, opened before it starts, as many as it sends in this time: enough
 * for every bid in flight while answers take up to 100 ms.
 */
const OPEN_LOOP_CONNECTED_SECONDS = 0.1;

/** Bids arriving at a fixed rate whatever the answers do (an open loop: no coordinated omission). */
async function openLoop(task: Extract<ClientTask, { kind: 'openLoop' }>): Promise<LoadResult> {
  await connections(task.baseUrl).open(Math.ceil(task.perSecond * OPEN_LOOP_CONNECTED_SECONDS));
  const pending: Promise<Settled>[] = [];
  const started = clock();
  const every = 1000 / task.perSecond;
  for (let n = 0; n * every < task.ms; n++) {
    const due = started + n * every;
    if (due > clock()) await sleep(due - clock());
    pending.push(settle(placeBid(task.baseUrl, pick(task.bidders), pick(task.adIds))));
  }
  return tally(await Promise.all(pending), task.ms);
}

async function connectViewer(baseUrl: string, adId: string, token?: string): Promise<Socket> {
  const socket = io(baseUrl, {
    path: '/bid',
    transports: ['websocket'],
    reconnection: false,
    forceNew: true,
    ...(token ? { query: { token } } : {}),
  });
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', () => resolve());
    socket.once('connect_error', reject);
  });
  await new Promise<void>((resolve, reject) => {
    socket
      .timeout(20_000)
      .emit('load', { item_id: adId }, (error: unknown, answer: { error?: string }) => {
        if (error) reject(error instanceof Error ? error : new Error(String(error)));
        else if (answer?.error) reject(new Error(answer.error));
        else resolve();
      });
  });
  return socket;
}

/**
 * `viewers` sockets spread evenly over the ads, then bids on those ads at a steady rate: for each
 * bid, the time from sending it to each viewer of its ad receiving `newbid:<ad>`.
 */
async function viewers(task: Extract<ClientTask, { kind: 'viewers' }>): Promise<ViewerResult> {
  const sockets: Socket[] = [];
  const sentAt = new Map<string, number>();
  const deliveries: number[] = [];
  const perAd = new Map<string, number>();
  try {
    for (let i = 0; i < task.viewers; i += 50) {
      const batch = Array.from({ length: Math.min(50, task.viewers - i) }, (_, k) => {
        const n = i + k;
        const adId = task.adIds[n % task.adIds.length]!;
        perAd.set(adId, (perAd.get(adId) ?? 0) + 1);
        return connectViewer(task.baseUrl, adId, task.viewerTokens[n]).then((socket) => {
          socket.on(`newbid:${adId}`, (message: { bid: { bidamt: number | null } }) => {
            const sent = sentAt.get(`${adId}|${message.bid.bidamt}`);
            if (sent !== undefined) deliveries.push(clock() - sent);
          });
          return socket;
        });
      });
      sockets.push(...(await Promise.all(batch)));
    }
    await sleep(1_000);
    const pending: Promise<Settled>[] = [];
    let expected = 0;
    const started = clock();
    const every = 1000 / task.perSecond;
    for (let n = 0; n * every < task.ms; n++) {
      const due = started + n * every;
      if (due > clock()) await sleep(due - clock());
      const adId = task.adIds[n % task.adIds.length]!;
      const rupees = ++amount;
      sentAt.set(`${adId}|${rupees}`, clock());
      const placed = settle(placeBid(task.baseUrl, pick(task.bidders), adId, rupees));
      // Only an accepted bid is pushed: a refused one is counted as failed, not as undelivered.
      void placed.then((result) => {
        if (result.status === 'fulfilled') expected += perAd.get(adId) ?? 0;
      });
      pending.push(placed);
    }
    const load = tally(await Promise.all(pending), task.ms);
    // Let the last pushes arrive.
    for (let waited = 0; deliveries.length < expected && waited < 10_000; waited += 50)
      await sleep(50);
    return {
      ...load,
      expected,
      delivered: deliveries.length,
      deliveries: deliveries.sort((a, b) => a - b),
    };
  } finally {
    for (const socket of sockets) socket.disconnect();
  }
}

async function runTask(task: ClientTask): Promise<LoadResult | ViewerResult> {
  switch (task.kind) {
    case 'closedLoop':
      return closedLoop(task);
    case 'openLoop':
      return openLoop(task);
    case 'viewers':
      return viewers(task);
    default: {
      const unknown: never = task;
      throw new Error(`unknown task ${JSON.stringify(unknown)}`);
    }
  }
}

serveTasks(runTask);
