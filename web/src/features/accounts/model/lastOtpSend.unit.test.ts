import { describe, expect, it } from 'vitest';
import { LIMITS } from '@boli/engine/shared/limits';
import {
  lastCodeStillValid,
  lastOtpSendKey,
  otpOnLoad,
  parseLastOtpSend,
  type LastOtpSend,
} from './lastOtpSend.ts';

const SENT_AT = Date.parse('2026-11-21T10:00:00Z');
const VALID_MS = LIMITS.otp.validMinutes * 60_000;
const last: LastOtpSend = { sentAt: SENT_AT, triesLeft: 4 };

describe('whether Verify Mobile Number sends a code as it opens', () => {
  it('sends when no code was sent for the member', () => {
    expect(otpOnLoad(null, SENT_AT)).toEqual({ kind: 'send' });
  });

  it('asks for the last code while it is valid, with the tries left the send answered', () => {
    for (const after of [1_000, 60_000, VALID_MS - 1]) {
      expect(otpOnLoad(last, SENT_AT + after)).toMatchObject({ kind: 'enterCode', triesLeft: 4 });
    }
  });

  it(`sends again once the code's ${LIMITS.otp.validMinutes} minutes are over`, () => {
    expect(otpOnLoad(last, SENT_AT + VALID_MS)).toEqual({ kind: 'send' });
    expect(otpOnLoad(last, SENT_AT + VALID_MS + 1)).toEqual({ kind: 'send' });
  });

  it('sends when the send is dated in the future (the clock was set back)', () => {
    expect(otpOnLoad(last, SENT_AT - 1)).toEqual({ kind: 'send' });
  });

  it('keeps what is left of the Resend OTP countdown, in whole seconds', () => {
    const cooldownAt = (ms: number) => {
      const decision = otpOnLoad(last, SENT_AT + ms);
      return decision.kind === 'enterCode' ? decision.cooldown : null;
    };
    expect(cooldownAt(0)).toBe(LIMITS.resendCooldownSeconds);
    expect(cooldownAt(1_500)).toBe(LIMITS.resendCooldownSeconds - 1);
    expect(cooldownAt(LIMITS.resendCooldownSeconds * 1000)).toBe(0);
    expect(cooldownAt(60_000)).toBe(0);
  });

  it('agrees with lastCodeStillValid', () => {
    for (const at of [SENT_AT - 1, SENT_AT, SENT_AT + VALID_MS - 1, SENT_AT + VALID_MS]) {
      expect(otpOnLoad(last, at).kind === 'enterCode').toBe(lastCodeStillValid(last, at));
    }
  });
});

describe('the remembered send, as stored', () => {
  it('reads back what was written', () => {
    const withNumber = { ...last, sentTo: '+91 9876543210' };
    expect(parseLastOtpSend(JSON.stringify(withNumber))).toEqual(withNumber);
    // Remembered before the number was: not known.
    expect(parseLastOtpSend(JSON.stringify({ sentAt: SENT_AT, triesLeft: null }))).toEqual({
      sentAt: SENT_AT,
      triesLeft: null,
      sentTo: null,
    });
  });

  it('counts anything else as no send', () => {
    for (const raw of [null, '', 'not json', '42', 'null', '{"triesLeft":3}', '{"sentAt":"x"}']) {
      expect(parseLastOtpSend(raw)).toBeNull();
    }
  });

  it('forgets a tries-left count that is not a count', () => {
    expect(parseLastOtpSend(JSON.stringify({ sentAt: SENT_AT, triesLeft: -1 }))).toEqual({
      sentAt: SENT_AT,
      triesLeft: null,
      sentTo: null,
    });
  });

  it('is kept per member, whatever the case of the username', () => {
    expect(lastOtpSendKey('Asha01')).toBe(lastOtpSendKey('asha01'));
    expect(lastOtpSendKey('asha01')).not.toBe(lastOtpSendKey('ravi02'));
  });
});
