// V8 flags of a process that serves the api: api/src/main.ts under `npm start`, and the bench,
// which serves it in its own process. Plain JavaScript: boli.mjs reads it before anything is
// installed.

/**
 * Semi-spaces (the young generation's halves) of up to 64 MB; V8 stops at 16 MB. At 16 MB, under
 * load a scavenge came every ~60 ms, so the objects of the requests in flight were copied twice
 * and promoted: the old generation filled with them and full collections came every few seconds.
 * In five bidding bench runs of one day it took the api's CPU per bid from 0.33–0.41 ms (without)
 * to 0.27–0.31 ms (with).
 */
export const API_NODE_FLAGS = ['--max-semi-space-size=64'];
