import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { LIMITS } from '@boli/engine/shared/limits';
import { MESSAGES } from '@boli/engine/shared/messages';
import { ACCOUNT_MESSAGES } from '@boli/engine/accounts/account.messages';
import { ApiError } from '../../../app/api/client.ts';
import type { LastOtpSend } from '../model/lastOtpSend.ts';
import { attemptsWarning, otpMachine, type OtpLogin, type OtpSent } from './otp.machine.ts';

type SendFn = (input: { username: string; resend: boolean }) => Promise<OtpSent>;
type VerifyFn = (input: { username: string; otp: string }) => Promise<OtpLogin>;

const LOGIN: OtpLogin = { token: 'jwt-1', refreshToken: 'r-1', userDetail: { _id: 'u1' } };

const NOW = Date.parse('2026-11-21T10:00:00Z');

function start(
  send: SendFn,
  verify: VerifyFn = async () => LOGIN,
  {
    lastSend = null,
    now = () => NOW,
    emailUnverified = false,
    signIn = false,
  }: {
    lastSend?: LastOtpSend | null;
    now?: () => number;
    emailUnverified?: boolean;
    signIn?: boolean;
  } = {},
) {
  const machine = otpMachine.provide({
    actors: {
      sendOtp: fromPromise(({ input }) => send(input)),
      verifyOtp: fromPromise(({ input }) => verify(input)),
    },
  });
  const actor = createActor(machine, {
    input: { username: 'asha01', lastSend, now, emailUnverified, signIn },
  });
  actor.start();
  return actor;
}

/**
 * The screen told the email is unverified (a sign-up just made), with this browser's last send;
 * each send it makes recorded (its `resend`), each answered with 4 sends left.
 */
function startEmailUnverified(lastSend: LastOtpSend | null = null) {
  const sends: boolean[] = [];
  const actor = start(
    async ({ resend }) => {
      sends.push(resend);
      return { triesLeft: 4, sentTo: null, sent: true };
    },
    undefined,
    { emailUnverified: true, lastSend },
  );
  return { actor, sends };
}

const flowOf = (actor: ReturnType<typeof start>) =>
  (actor.getSnapshot().value as { flow: string }).flow;

const settle = async () => {
  // Promise actors answer on the microtask queue; fake timers do not hold them back.
  await vi.advanceTimersByTimeAsync(0);
};

const wrongCode = (triesLeft: number, attemptsLeft?: number) =>
  new ApiError(
    400,
    MESSAGES.incorrectOtp,
    [{ field: 'otp', message: MESSAGES.incorrectOtp }],
    { triesLeft, ...(attemptsLeft === undefined ? {} : { attemptsLeft }) },
    {},
  );

const dailyLimit = () =>
  new ApiError(
    429,
    MESSAGES.dailyLimitServer,
    [{ field: 'otp', message: MESSAGES.dailyLimitServer }],
    { triesLeft: 0 },
  );

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('on load', () => {
  it('sends the OTP for the member and says so, with the tries left', async () => {
    const send = vi.fn<SendFn>(async () => ({ triesLeft: 4, sentTo: null, sent: true }));
    const actor = start(send);
    expect(flowOf(actor)).toBe('sending');
    await settle();
    expect(send).toHaveBeenCalledWith({ username: 'asha01', resend: false });
    expect(flowOf(actor)).toBe('waiting');
    expect(actor.getSnapshot().context).toMatchObject({
      triesLeft: 4,
      notice: { severity: 'success', text: MESSAGES.otpSent },
    });
  });

  it('shows the Verify Your Email panel when the email is not verified, and tries again on RETRY', async () => {
    let emailVerified = false;
    const actor = start(async () => {
      if (!emailVerified)
        throw new ApiError(403, MESSAGES.emailNotValidated, [], null, {
          code: 'EMAIL_NOT_VERIFIED',
        });
      return { triesLeft: 5, sentTo: null, sent: true };
    });
    await settle();
    expect(flowOf(actor)).toBe('emailNotVerified');
    emailVerified = true;
    actor.send({ type: 'RETRY' });
    await settle();
    expect(flowOf(actor)).toBe('waiting');
  });

  it('opens on Verify Your Email without a send when the email is known unverified', async () => {
    const { actor, sends } = startEmailUnverified();
    await settle();
    expect(flowOf(actor)).toBe('emailNotVerified');
    expect(sends).toEqual([]);
    // Verify Email (the link followed meanwhile, in another tab): the code goes out.
    actor.send({ type: 'RETRY' });
    await settle();
    expect(flowOf(actor)).toBe('waiting');
    expect(sends).toEqual([false]);
  });

  it('goes on to the code when another tab, the email link followed there, had it sent', async () => {
    const { actor, sends } = startEmailUnverified();
    await settle();
    // A send long past proves nothing of today's code.
    actor.send({ type: 'SENT_ELSEWHERE', lastSend: { sentAt: NOW - 3_600_000, triesLeft: 4 } });
    expect(flowOf(actor)).toBe('emailNotVerified');
    actor.send({
      type: 'SENT_ELSEWHERE',
      lastSend: { sentAt: NOW - 2_000, triesLeft: 3, sentTo: '+91 98•••••210' },
    });
    await settle();
    expect(flowOf(actor)).toBe('waiting');
    expect(actor.getSnapshot().context).toMatchObject({ triesLeft: 3, sentTo: '+91 98•••••210' });
    // No second code: that one is still valid, and Resend OTP waits out its countdown.
    expect(sends).toEqual([]);
    expect(actor.getSnapshot().context.cooldown).toBeGreaterThan(0);
  });

  it('opens on the code still valid, though told the email was unverified (a reload after the link)', async () => {
    const { actor, sends } = startEmailUnverified({ sentAt: NOW - 2_000, triesLeft: 4 });
    await settle();
    expect(flowOf(actor)).toBe('waiting');
    expect(sends).toEqual([]);
  });

  it('says “Your email is not validated.” when Verify Email finds it still unverified', async () => {
    const actor = start(async () => {
      throw new ApiError(403, MESSAGES.emailNotValidated, [], null, {
        code: 'EMAIL_NOT_VERIFIED',
      });
    });
    await settle();
    // As the screen opens, the Verify Your Email panel says it itself.
    expect(actor.getSnapshot().context.notice).toBeNull();
    actor.send({ type: 'RETRY' });
    await settle();
    expect(flowOf(actor)).toBe('emailNotVerified');
    expect(actor.getSnapshot().context.notice).toEqual({
      severity: 'error',
      text: MESSAGES.emailNotValidated,
    });
  });

  it('says no more that the email is not validated once another tab had the code sent', async () => {
    const actor = start(async () => {
      throw new ApiError(403, MESSAGES.emailNotValidated, [], null, {
        code: 'EMAIL_NOT_VERIFIED',
      });
    });
    await settle();
    actor.send({ type: 'RETRY' });
    await settle();
    expect(actor.getSnapshot().context.notice?.text).toBe(MESSAGES.emailNotValidated);
    actor.send({ type: 'SENT_ELSEWHERE', lastSend: { sentAt: NOW - 2_000, triesLeft: 3 } });
    await settle();
    expect(flowOf(actor)).toBe('waiting');
    expect(actor.getSnapshot().context.notice).toBeNull();
  });

  it('ends in phoneAlreadyVerified, in the server’s words, when the phone is verified', async () => {
    const actor = start(async () => {
      throw new ApiError(409, ACCOUNT_MESSAGES.mobileAlreadyVerified, [], null, {
        code: 'MOBILE_ALREADY_VERIFIED',
      });
    });
    await settle();
    expect(flowOf(actor)).toBe('phoneAlreadyVerified');
    expect(actor.getSnapshot().context.notice).toEqual({
      severity: 'success',
      text: ACCOUNT_MESSAGES.mobileAlreadyVerified,
    });
  });

  it('reads the daily limit as “Try after 24 Hours” and turns Resend off', async () => {
    const actor = start(async () => {
      throw dailyLimit();
    });
    await settle();
    expect(actor.getSnapshot().context).toMatchObject({
      triesLeft: 0,
      notice: { severity: 'error', text: MESSAGES.dailyLimitClient },
    });
    await vi.advanceTimersByTimeAsync(LIMITS.resendCooldownSeconds * 1000);
    expect(actor.getSnapshot().can({ type: 'RESEND' })).toBe(false);
  });
});

describe('the number the code went to', () => {
  it('is said from the answer, and remembered with the send for a reload', async () => {
    const actor = start(async () => ({ triesLeft: 4, sentTo: '+91 9876543210', sent: true }));
    await settle();
    expect(actor.getSnapshot().context).toMatchObject({
      sentTo: '+91 9876543210',
      lastSend: { triesLeft: 4, sentTo: '+91 9876543210' },
    });
    const reloaded = start(vi.fn<SendFn>(), undefined, {
      lastSend: actor.getSnapshot().context.lastSend,
    });
    await settle();
    expect(reloaded.getSnapshot().context.sentTo).toBe('+91 9876543210');
  });

  it('changed: the old code is forgotten and one goes to the new number', async () => {
    const numbers = ['+91 9876543210', '+91 9876543211'];
    const send = vi.fn<SendFn>(async () => ({
      triesLeft: 4,
      sentTo: numbers.shift()!,
      sent: true,
    }));
    const actor = start(send);
    await settle();
    await vi.advanceTimersByTimeAsync(LIMITS.resendCooldownSeconds * 1000);
    actor.send({ type: 'NUMBER_CHANGED' });
    expect(actor.getSnapshot().context).toMatchObject({ notice: null, sentTo: null });
    await settle();
    expect(send).toHaveBeenLastCalledWith({ username: 'asha01', resend: true });
    expect(actor.getSnapshot().context).toMatchObject({
      sentTo: '+91 9876543211',
      notice: { severity: 'success', text: MESSAGES.otpSent },
    });
  });

  it('changed with no send left today: nothing is sent, and nothing says a code was', async () => {
    const send = vi.fn<SendFn>(async () => ({
      triesLeft: 0,
      sentTo: '+91 9876543210',
      sent: true,
    }));
    const actor = start(send);
    await settle();
    await vi.advanceTimersByTimeAsync(LIMITS.resendCooldownSeconds * 1000);
    actor.send({ type: 'NUMBER_CHANGED' });
    await settle();
    expect(send).toHaveBeenCalledTimes(1);
    expect(flowOf(actor)).toBe('waiting');
    // A reload asks for no code the old number got, either.
    expect(actor.getSnapshot().context).toMatchObject({
      notice: null,
      sentTo: null,
      lastSend: null,
      triesLeft: 0,
    });
  });
});

describe('on load, with the last code sent for the member', () => {
  const validMs = LIMITS.otp.validMinutes * 60_000;

  it('sends nothing while that code is valid: the member enters it, with its tries left', async () => {
    const send = vi.fn<SendFn>(async () => ({ triesLeft: 3, sentTo: null, sent: true }));
    const actor = start(send, undefined, {
      lastSend: { sentAt: NOW - 60_000, triesLeft: 4 },
    });
    await settle();
    expect(send).not.toHaveBeenCalled();
    expect(flowOf(actor)).toBe('waiting');
    expect(actor.getSnapshot().context).toMatchObject({ triesLeft: 4, notice: null, cooldown: 0 });
    // An explicit Resend OTP still sends.
    actor.send({ type: 'RESEND' });
    await settle();
    expect(send).toHaveBeenCalledWith({ username: 'asha01', resend: true });
    expect(actor.getSnapshot().context.triesLeft).toBe(3);
  });

  it('keeps Resend OTP off for what is left of its countdown', async () => {
    const send = vi.fn<SendFn>(async () => ({ triesLeft: 3, sentTo: null, sent: true }));
    const actor = start(send, undefined, { lastSend: { sentAt: NOW - 2_000, triesLeft: 4 } });
    await settle();
    expect(actor.getSnapshot().context.cooldown).toBe(LIMITS.resendCooldownSeconds - 2);
    expect(actor.getSnapshot().can({ type: 'RESEND' })).toBe(false);
    await vi.advanceTimersByTimeAsync((LIMITS.resendCooldownSeconds - 2) * 1000);
    expect(actor.getSnapshot().context.cooldown).toBe(0);
    expect(actor.getSnapshot().can({ type: 'RESEND' })).toBe(true);
    expect(send).not.toHaveBeenCalled();
  });

  it('sends a new code once that one has expired', async () => {
    const send = vi.fn<SendFn>(async () => ({ triesLeft: 3, sentTo: null, sent: true }));
    start(send, undefined, { lastSend: { sentAt: NOW - validMs, triesLeft: 4 } });
    await settle();
    expect(send).toHaveBeenCalledWith({ username: 'asha01', resend: false });
  });

  it('remembers each send from the moment it was asked for', async () => {
    let clock = NOW;
    let answer: (sent: OtpSent) => void = () => undefined;
    const actor = start(
      () =>
        new Promise<OtpSent>((resolve) => {
          answer = resolve;
        }),
      undefined,
      { now: () => clock },
    );
    clock += 800; // the answer takes a while
    answer({ triesLeft: 4, sentTo: null, sent: true });
    await settle();
    expect(actor.getSnapshot().context.lastSend).toEqual({
      sentAt: NOW,
      triesLeft: 4,
      sentTo: null,
    });
  });

  it('forgets the code once the phone is verified, or the code has expired', async () => {
    const verified = start(async () => ({ triesLeft: 4, sentTo: null, sent: true }));
    await settle();
    verified.send({ type: 'VERIFY', otp: '123456' });
    await settle();
    expect(verified.getSnapshot().context.lastSend).toBeNull();

    const expired = start(
      async () => ({ triesLeft: 4, sentTo: null, sent: true }),
      async () => {
        throw new ApiError(
          400,
          ACCOUNT_MESSAGES.otpExpired,
          [],
          { triesLeft: 4 },
          {
            code: 'OTP_EXPIRED',
          },
        );
      },
    );
    await settle();
    expired.send({ type: 'VERIFY', otp: '123456' });
    await settle();
    expect(expired.getSnapshot().context.lastSend).toBeNull();
  });

  it('keeps it after a wrong guess', async () => {
    const actor = start(
      async () => ({ triesLeft: 4, sentTo: null, sent: true }),
      async () => {
        throw wrongCode(4);
      },
    );
    await settle();
    actor.send({ type: 'VERIFY', otp: '000000' });
    await settle();
    expect(actor.getSnapshot().context.lastSend).toEqual({
      sentAt: NOW,
      triesLeft: 4,
      sentTo: null,
    });
  });
});

describe('Resend OTP', () => {
  it('counts down from 5 seconds after each send and is enabled only at 0', async () => {
    const send = vi.fn<SendFn>(async () => ({ triesLeft: 4, sentTo: null, sent: true }));
    const actor = start(send);
    await settle();
    expect(actor.getSnapshot().context.cooldown).toBe(LIMITS.resendCooldownSeconds);
    expect(actor.getSnapshot().can({ type: 'RESEND' })).toBe(false);
    await vi.advanceTimersByTimeAsync(1000);
    expect(actor.getSnapshot().context.cooldown).toBe(LIMITS.resendCooldownSeconds - 1);
    await vi.advanceTimersByTimeAsync((LIMITS.resendCooldownSeconds - 1) * 1000);
    expect(actor.getSnapshot().context.cooldown).toBe(0);
    actor.send({ type: 'RESEND' });
    expect(flowOf(actor)).toBe('sending');
    expect(actor.getSnapshot().context.cooldown).toBe(LIMITS.resendCooldownSeconds);
    await settle();
    expect(send).toHaveBeenLastCalledWith({ username: 'asha01', resend: true });
    expect(flowOf(actor)).toBe('waiting');
  });

  it('is ignored while the countdown runs', async () => {
    const send = vi.fn<SendFn>(async () => ({ triesLeft: 4, sentTo: null, sent: true }));
    const actor = start(send);
    await settle();
    actor.send({ type: 'RESEND' });
    await settle();
    expect(send).toHaveBeenCalledTimes(1);
  });

  it('shows its own failure dialog, and no tries are left once the answer lists errors', async () => {
    let calls = 0;
    const actor = start(async () => {
      calls += 1;
      if (calls === 1) return { triesLeft: 3, sentTo: null, sent: true };
      throw new ApiError(400, 'nope', [{ field: 'otp', message: 'nope' }]);
    });
    await settle();
    await vi.advanceTimersByTimeAsync(LIMITS.resendCooldownSeconds * 1000);
    actor.send({ type: 'RESEND' });
    await settle();
    expect(actor.getSnapshot().context).toMatchObject({
      triesLeft: 0,
      notice: { severity: 'error', text: MESSAGES.resendFailed },
    });
  });
});

describe('Submit', () => {
  it('verifies the code and ends signed in', async () => {
    const verify = vi.fn<VerifyFn>(async () => LOGIN);
    const actor = start(async () => ({ triesLeft: 4, sentTo: null, sent: true }), verify);
    await settle();
    actor.send({ type: 'VERIFY', otp: ' 123456 ' });
    expect(flowOf(actor)).toBe('verifying');
    await settle();
    expect(verify).toHaveBeenCalledWith({ username: 'asha01', otp: '123456' });
    expect(flowOf(actor)).toBe('verified');
    expect(actor.getSnapshot().context.login).toEqual(LOGIN);
    expect(actor.getSnapshot().context.notice?.text).toBe(MESSAGES.phoneVerified);
  });

  it('ends in phoneAlreadyVerified when another tab verified the phone meanwhile', async () => {
    const actor = start(
      async () => ({ triesLeft: 4, sentTo: null, sent: true }),
      async () => {
        throw new ApiError(409, ACCOUNT_MESSAGES.mobileAlreadyVerified, [], null, {
          code: 'MOBILE_ALREADY_VERIFIED',
        });
      },
    );
    await settle();
    actor.send({ type: 'VERIFY', otp: '123456' });
    await settle();
    expect(flowOf(actor)).toBe('phoneAlreadyVerified');
    expect(actor.getSnapshot().context).toMatchObject({
      notice: { severity: 'success', text: ACCOUNT_MESSAGES.mobileAlreadyVerified },
      lastSend: null,
    });
  });

  it('shows the first field error of a wrong code and the tries it left', async () => {
    const actor = start(
      async () => ({ triesLeft: 4, sentTo: null, sent: true }),
      async () => {
        throw wrongCode(2);
      },
    );
    await settle();
    actor.send({ type: 'VERIFY', otp: '000000' });
    await settle();
    expect(flowOf(actor)).toBe('waiting');
    expect(actor.getSnapshot().context).toMatchObject({
      triesLeft: 2,
      notice: { severity: 'error', text: MESSAGES.incorrectOtp },
    });
  });

  it('keeps the codes a refusal says may still be tried, and warns only when few are left', async () => {
    const actor = start(
      async () => ({ triesLeft: 4, sentTo: null, sent: true }),
      async () => {
        throw wrongCode(4, 2);
      },
    );
    await settle();
    actor.send({ type: 'VERIFY', otp: '000000' });
    await settle();
    expect(actor.getSnapshot().context.attemptsLeft).toBe(2);
    expect(attemptsWarning(2)).toBe('2 more tries with a code, then a wait.');
    expect(attemptsWarning(1)).toBe('One more try with a code, then a wait.');
    expect(attemptsWarning(0)).toBe(
      'That was the last try for now: the next code must wait a while.',
    );
    expect(attemptsWarning(LIMITS.otp.warnAtAttemptsLeft + 1)).toBeNull();
    expect(attemptsWarning(null)).toBeNull();
  });

  it('falls back to msg, then to the generic message', async () => {
    const failures = [new ApiError(400, 'OTP expired.'), new ApiError(0, ''), new Error('x')];
    const actor = start(
      async () => ({ triesLeft: 4, sentTo: null, sent: true }),
      async () => {
        throw failures.shift();
      },
    );
    await settle();
    const texts: (string | undefined)[] = [];
    for (let i = 0; i < 3; i += 1) {
      actor.send({ type: 'VERIFY', otp: '111111' });
      await settle();
      texts.push(actor.getSnapshot().context.notice?.text);
    }
    expect(texts).toEqual(['OTP expired.', MESSAGES.generic, MESSAGES.generic]);
  });

  it('does nothing without a code', async () => {
    const actor = start(async () => ({ triesLeft: 4, sentTo: null, sent: true }));
    await settle();
    actor.send({ type: 'VERIFY', otp: '  ' });
    expect(flowOf(actor)).toBe('waiting');
  });
});

describe('Login with OTP', () => {
  it('signs in with the right code, and says so', async () => {
    const actor = start(
      async () => ({ triesLeft: 4, sentTo: '+91 ••••••••10', sent: true }),
      async () => LOGIN,
      { signIn: true },
    );
    await settle();
    expect(actor.getSnapshot().context.sentTo).toBe('+91 ••••••••10');
    actor.send({ type: 'VERIFY', otp: '123456' });
    await settle();
    expect(flowOf(actor)).toBe('verified');
    expect(actor.getSnapshot().context.notice?.text).toBe(ACCOUNT_MESSAGES.otpSignedIn);
  });

  it.each([
    ['ACCOUNT_NOT_FOUND', MESSAGES.noAccountSignupFirst],
    ['SIGNIN_MOBILE_NOT_VERIFIED', ACCOUNT_MESSAGES.otpSignInNeedsVerifiedMobile],
    ['ACCOUNT_BLOCKED', ACCOUNT_MESSAGES.accountBlocked],
  ])('ends, asking for no code, when the send is refused with %s', async (code, message) => {
    const actor = start(
      async () => {
        throw new ApiError(403, message, [], null, { code });
      },
      undefined,
      { signIn: true },
    );
    await settle();
    expect(flowOf(actor)).toBe('signInRefused');
    expect(actor.getSnapshot().context.notice).toEqual({ severity: 'error', text: message });
  });

  it('forgets a code wrong guesses voided, so that a reload sends a new one', async () => {
    const actor = start(
      async () => ({ triesLeft: 4, sentTo: '+91 ••••••••10', sent: true }),
      async () => {
        throw new ApiError(400, ACCOUNT_MESSAGES.otpWrongAndVoid, [], null, {
          code: 'OTP_CODE_VOID',
        });
      },
      { signIn: true },
    );
    await settle();
    expect(actor.getSnapshot().context.lastSend).not.toBeNull();
    actor.send({ type: 'VERIFY', otp: '000000' });
    await settle();
    expect(actor.getSnapshot().context).toMatchObject({
      lastSend: null,
      notice: { severity: 'error', text: ACCOUNT_MESSAGES.otpWrongAndVoid },
    });
  });

  it('pauses Submit and Resend OTP while codes may not be checked, so no send is wasted', async () => {
    const actor = start(
      async () => ({ triesLeft: 4, sentTo: null, sent: true }),
      async () => {
        throw new ApiError(429, 'Too many attempts. Please try again in 12 minutes.');
      },
    );
    await settle();
    actor.send({ type: 'VERIFY', otp: '000000' });
    await settle();
    expect(actor.getSnapshot().context.checkingPaused).toBe(true);
    await vi.advanceTimersByTimeAsync(LIMITS.resendCooldownSeconds * 1000);
    expect(actor.getSnapshot().can({ type: 'RESEND' })).toBe(false);
    expect(actor.getSnapshot().can({ type: 'VERIFY', otp: '123456' })).toBe(false);
  });

  it('pauses them too once a refused code was the last the verify limit allows', async () => {
    const actor = start(
      async () => ({ triesLeft: 4, sentTo: null, sent: true }),
      async () => {
        throw wrongCode(4, 0);
      },
    );
    await settle();
    actor.send({ type: 'VERIFY', otp: '000000' });
    await settle();
    expect(actor.getSnapshot().context).toMatchObject({ attemptsLeft: 0, checkingPaused: true });
    await vi.advanceTimersByTimeAsync(LIMITS.resendCooldownSeconds * 1000);
    expect(actor.getSnapshot().can({ type: 'RESEND' })).toBe(false);
    expect(actor.getSnapshot().can({ type: 'VERIFY', otp: '123456' })).toBe(false);
  });

  it('tells a visitor whose email is not verified how to go on', async () => {
    const actor = start(
      async () => {
        throw new ApiError(403, MESSAGES.emailNotValidated, [], null, {
          code: 'EMAIL_NOT_VERIFIED',
        });
      },
      undefined,
      { signIn: true },
    );
    await settle();
    expect(flowOf(actor)).toBe('signInRefused');
    expect(actor.getSnapshot().context.notice?.text).toBe(
      ACCOUNT_MESSAGES.otpSignInNeedsVerifiedEmail,
    );
  });

  it('keeps waiting for the code after the day’s limit, as the phone check does', async () => {
    const actor = start(
      async () => {
        throw dailyLimit();
      },
      undefined,
      { signIn: true },
    );
    await settle();
    expect(flowOf(actor)).toBe('waiting');
  });
});

it('is a finished flow once verified', async () => {
  const actor = start(async () => ({ triesLeft: 4, sentTo: null, sent: true }));
  await settle();
  actor.send({ type: 'VERIFY', otp: '123456' });
  await waitFor(actor, (s) => (s.value as { flow: string }).flow === 'verified');
});

describe('a send that found the code sent a moment ago standing', () => {
  it('says to enter that code, not that one was sent', async () => {
    const actor = start(async () => ({ triesLeft: 4, sentTo: null, sent: false }));
    await settle();
    expect(actor.getSnapshot().context.notice).toEqual({
      severity: 'success',
      text: MESSAGES.otpStillStands,
    });
  });
});
