import { describe, expect, it } from 'vitest';
import { WAKE_EARLY_MS } from './deadlineScheduler.ts';
import { slotClosingJobId, slotClosingJobOptions } from './slotClosingScheduler.ts';

describe('scheduling a slot to close', () => {
  const slot = { type: 'sidePanels', slotdate: '2026-05-10' } as const;

  it('is due just before bidding ends: 00:00 India time the day before (18:30 UTC two before)', () => {
    const now = Date.parse('2026-05-08T18:00:00.000Z');
    expect(slotClosingJobOptions(slot, now).delay).toBe(30 * 60_000 - WAKE_EARLY_MS);
  });

  it('is due at once when bidding has already ended (a worker that was down)', () => {
    expect(slotClosingJobOptions(slot, Date.parse('2026-05-09T02:00:00.000Z')).delay).toBe(0);
  });

  it('has one job id per slot, so scheduling again adds nothing', () => {
    expect(slotClosingJobOptions(slot, 0).jobId).toBe(slotClosingJobId({ ...slot }));
    expect(slotClosingJobId(slot)).toBe('slot-close-sidePanels-2026-05-10');
    expect(slotClosingJobId(slot)).not.toContain(':');
  });
});
