import type { Space } from '../api/adspaceApi.ts';

const STATUS_RANK: Record<Space['status'], number> = { active: 0, scheduled: 1, ended: 2 };

/**
 * A member's spaces as Buy AdSpace lists them: those running now first (a space just bought is
 * among them, not under a year of slot days to come), then those to come, soonest first, then
 * those ended, latest first.
 */
export function spacesInOrder(spaces: readonly Space[]): Space[] {
  return [...spaces].sort((a, b) => {
    const byStatus = STATUS_RANK[a.status] - STATUS_RANK[b.status];
    if (byStatus !== 0) return byStatus;
    const byStart = Date.parse(a.startsAt) - Date.parse(b.startsAt);
    return a.status === 'ended' ? -byStart : byStart;
  });
}
