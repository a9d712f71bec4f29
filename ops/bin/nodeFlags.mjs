// V8 flags of the processes that serve: the api, the projections and the job worker, as `npm start`,
// docker-compose.yml and the bench (which serves the api in its own process) run them. Plain
// JavaScript: boli.mjs reads it before anything is installed.

/**
 * - The old generation may grow to 4 times what the last full collection left before the next
 *   (`--heap-growing-percent=300`; V8 chooses 1.1 to 4 times itself), so full collections come less
 *   often. In the bidding bench's latency runs of one day, four of six with it had a p99 of
 *   25–53 ms (the other two met a stall of over 100 ms in PostgreSQL's appends and the api's
 *   event loop at once: 144 and 200 ms); without it, the api's event loop stalled for up to
 *   170 ms and the runs' p99s were 219, 34 and 364 ms.
 * - Semi-spaces (the young generation's halves) are V8's own, at most 16 MB. Semi-spaces of 64 MB
 *   (`--max-semi-space-size=64`) were worth it while ads' folds kept each bid as objects, which
 *   made a full collection 100–300 ms on two cores: fewer objects promoted, fewer of those. Since
 *   folds keep bids packed (`engine/src/ads/ad.bidLog.ts`) a full collection takes 15–30 ms, and
 *   64 MB semi-spaces cost more than they saved: a scavenge took 13 ms on average (max 34 ms)
 *   against 5 ms (max 8–19 ms), and six latency runs' p99s were 52–144 ms.
 */
export const SERVICE_NODE_FLAGS = ['--heap-growing-percent=300'];
