import { describe, expect, it } from 'vitest';
import { WAKE_EARLY_MS } from './deadlineScheduler.ts';
import { finalCallJobId, finalCallJobOptions } from './finalCallExpiryScheduler.ts';

const call = {
  adId: 'ad-1',
  deadline: '2026-03-01T18:00:00.000Z',
  finalCallEventId: 'e-1',
};
const deadline = Date.parse(call.deadline);

describe('the final-call job', () => {
  it('has one id per ad and deadline, so scheduling it twice adds one job', () => {
    expect(finalCallJobId('ad-1', call.deadline)).toBe(finalCallJobId('ad-1', call.deadline));
    expect(finalCallJobId('ad-1', call.deadline)).not.toBe(
      finalCallJobId('ad-1', '2026-03-01T18:00:00.001Z'),
    );
    expect(finalCallJobId('ad-2', call.deadline)).not.toBe(finalCallJobId('ad-1', call.deadline));
    // BullMQ refuses custom ids with ':'.
    expect(finalCallJobId('odd:id', call.deadline)).not.toContain(':');
  });

  it('becomes due a little before the deadline, and at once when the deadline has passed', () => {
    expect(finalCallJobOptions(call, deadline - 60_000).delay).toBe(60_000 - WAKE_EARLY_MS);
    expect(finalCallJobOptions(call, deadline + 5_000).delay).toBe(0);
  });

  it('is removed once done or failed for good, so a later resync can schedule it again', () => {
    expect(finalCallJobOptions(call, deadline)).toMatchObject({
      removeOnComplete: true,
      removeOnFail: true,
    });
  });
});
