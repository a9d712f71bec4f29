/*
 * Showing the ads: which active creative each place shows now (they take turns when several are
 * active), where the ad list makes room for in-stream and between-posts ads, and which creatives
 * have already been counted as seen in this page view.
 */

/** The creative shown in place `slot` at rotation step `tick`; places start one apart. */
export function shownAt<T>(creatives: readonly T[], slot: number, tick: number): T | null {
  if (creatives.length === 0) return null;
  const index = (((slot + tick) % creatives.length) + creatives.length) % creatives.length;
  return creatives[index] ?? null;
}

export type StreamItem =
  | { kind: 'post'; index: number }
  | { kind: 'inStream'; slot: number }
  | { kind: 'betweenPosts'; slot: number };

type StreamRules = {
  inStreamEvery: number;
  betweenPostsEvery: number;
  /** Whether any creative of the kind is active (no room is made for none). */
  inStream: boolean;
  betweenPosts: boolean;
};

/**
 * The ad list with room for ads: an in-stream card after every `inStreamEvery` posts and a
 * between-posts banner after every `betweenPostsEvery`; a list shorter than that gets one after
 * its last post, so a short list still shows the ads.
 */
export function streamLayout(posts: number, rules: StreamRules): StreamItem[] {
  const items: StreamItem[] = [];
  let inStreamSlot = 0;
  let betweenSlot = 0;
  for (let index = 0; index < posts; index += 1) {
    items.push({ kind: 'post', index });
    const count = index + 1;
    const last = count === posts;
    if (
      rules.inStream &&
      (count % rules.inStreamEvery === 0 || (last && posts < rules.inStreamEvery))
    ) {
      items.push({ kind: 'inStream', slot: inStreamSlot++ });
    }
    if (
      rules.betweenPosts &&
      (count % rules.betweenPostsEvery === 0 || (last && posts < rules.betweenPostsEvery))
    ) {
      items.push({ kind: 'betweenPosts', slot: betweenSlot++ });
    }
  }
  return items;
}

/**
 * Which creatives were counted as seen: each once per page view, however often it rotates back
 * in or how many places show it. A new page view starts a new count.
 */
export function createImpressionLog() {
  let pageView: string | null = null;
  let seen = new Set<string>();
  return {
    /** True the first time `spaceId` is seen in `view`; false after. */
    first(view: string, spaceId: string): boolean {
      if (view !== pageView) {
        pageView = view;
        seen = new Set();
      }
      if (seen.has(spaceId)) return false;
      seen.add(spaceId);
      return true;
    },
  };
}
