import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { LIMITS } from '@boli/engine/shared/limits';
import { MESSAGES } from '@boli/engine/shared/messages';
import { resendEmailMachine } from './resendEmail.machine.ts';

function start(resend: () => Promise<void>) {
  const actor = createActor(
    resendEmailMachine.provide({ actors: { resendEmail: fromPromise(() => resend()) } }),
  );
  actor.start();
  return actor;
}

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('Resend Email', () => {
  it('sends, says so, and stays disabled for the 5-second countdown', async () => {
    const resend = vi.fn(async () => undefined);
    const actor = start(resend);
    expect(actor.getSnapshot().context.cooldown).toBe(0);
    actor.send({ type: 'RESEND' });
    await vi.advanceTimersByTimeAsync(0);
    expect(actor.getSnapshot().context).toEqual({
      notice: { severity: 'success', text: MESSAGES.emailSent },
      cooldown: LIMITS.resendCooldownSeconds,
    });
    const seen: number[] = [];
    for (let second = 0; second < LIMITS.resendCooldownSeconds; second += 1) {
      actor.send({ type: 'RESEND' });
      await vi.advanceTimersByTimeAsync(1000);
      seen.push(actor.getSnapshot().context.cooldown);
    }
    expect(seen).toEqual([4, 3, 2, 1, 0]);
    expect(resend).toHaveBeenCalledTimes(1);
    actor.send({ type: 'RESEND' });
    await vi.advanceTimersByTimeAsync(0);
    expect(resend).toHaveBeenCalledTimes(2);
  });

  it('shows the failure dialog’s words when the resend fails', async () => {
    const actor = start(async () => {
      throw new Error('down');
    });
    actor.send({ type: 'RESEND' });
    await vi.advanceTimersByTimeAsync(0);
    expect(actor.getSnapshot().context.notice).toEqual({
      severity: 'error',
      text: MESSAGES.resendFailed,
    });
  });
});
