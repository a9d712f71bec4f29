import type { BenchGroup } from './types.ts';

/** Every benchmark group `npm run bench` knows, by the names the issues give. */
export const benchGroups: BenchGroup[] = [];
