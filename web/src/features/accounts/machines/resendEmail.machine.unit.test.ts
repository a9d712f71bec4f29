import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { LIMITS } from '@boli/engine/shared/limits';
import { MESSAGES } from '@boli/engine/shared/messages';
import { ApiError } from '../../../app/api/client.ts';
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

  it('says so in the server’s words when the email is already verified, and stops', async () => {
    const resend = vi.fn(async () => {
      throw new ApiError(409, 'Your email is already verified.', [], null, {
        code: 'EMAIL_ALREADY_VERIFIED',
      });
    });
    const actor = start(resend);
    actor.send({ type: 'RESEND' });
    await vi.advanceTimersByTimeAsync(0);
    expect(actor.getSnapshot().matches({ flow: 'alreadyVerified' })).toBe(true);
    expect(actor.getSnapshot().context.notice).toEqual({
      severity: 'success',
      text: 'Your email is already verified.',
    });
    await vi.advanceTimersByTimeAsync(LIMITS.resendCooldownSeconds * 1000);
    actor.send({ type: 'RESEND' });
    expect(resend).toHaveBeenCalledTimes(1);
  });

  it('keeps the failure dialog’s words for any other refusal', async () => {
    const actor = start(async () => {
      throw new ApiError(429, 'Too many attempts. Please try again in 12 minutes.', [], null, {});
    });
    actor.send({ type: 'RESEND' });
    await vi.advanceTimersByTimeAsync(0);
    expect(actor.getSnapshot().context.notice?.text).toBe(MESSAGES.resendFailed);
  });

  it('says why once the day’s resends are spent, and takes no more presses', async () => {
    const resend = vi.fn(async () => {
      throw new ApiError(
        429,
        MESSAGES.dailyLimitServer,
        [],
        { triesLeft: 0 },
        {
          code: 'EMAIL_RESEND_DAILY_LIMIT',
        },
      );
    });
    const actor = start(resend);
    actor.send({ type: 'RESEND' });
    await vi.advanceTimersByTimeAsync(0);
    expect(actor.getSnapshot().context.notice).toEqual({
      severity: 'error',
      text: 'Sorry! Failed to resend OTP. You reached daily limit, Try after 24 Hours.',
    });
    expect(actor.getSnapshot().matches({ flow: 'limitReached' })).toBe(true);
    await vi.advanceTimersByTimeAsync(LIMITS.resendCooldownSeconds * 1000);
    actor.send({ type: 'RESEND' });
    expect(resend).toHaveBeenCalledTimes(1);
  });
});
