// V8 flags of the processes that serve: the api, the projections and the job worker, as `npm start`,
// docker-compose.yml and the bench (which serves the api in its own process) run them. Plain
// JavaScript: boli.mjs reads it before anything is installed.

/**
 * - Semi-spaces (the young generation's halves) of up to 64 MB; V8 stops at 16 MB. At 16 MB, under
 *   load a scavenge came every ~60 ms, so the objects of the requests in flight were copied twice
 *   and promoted: the old generation filled with them and full collections came every few
 *   seconds. What survived scavenges over a bench run fell from 713 MB to 186 MB.
 * - The old generation may grow to 4 times what the last full collection left before the next
 *   (`--heap-growing-percent=300`; V8 chooses 1.1 to 4 times itself), so full collections come less
 *   than half as often. On two cores a full collection of the api's heap (mostly remembered folds,
 *   `streamStates.ts`) takes a core or two for 100–300 ms, and every request waits: a 20 s latency
 *   run that meets one has a p99 of 130–1,000 ms, one that does not about 40–55 ms.
 *
 * In bidding bench runs of one day, the api's CPU per bid went from 0.33–0.41 ms without the flags
 * to 0.27–0.34 ms with both; of ten latency runs with both, two met a full collection.
 */
export const SERVICE_NODE_FLAGS = ['--max-semi-space-size=64', '--heap-growing-percent=300'];
