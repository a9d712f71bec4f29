import { describe, expect, it } from 'vitest';
import { numberChangedText } from './verifySteps.ts';

describe('a mobile number changed on Verify Mobile Number', () => {
  it('leaves the sending to the send’s own notice when one can be sent now', () => {
    expect(numberChangedText(3, 0)).toBe('Mobile number changed.');
    expect(numberChangedText(null, 0)).toBe('Mobile number changed.');
  });

  it('asks for Resend OTP while its countdown runs', () => {
    expect(numberChangedText(3, 4)).toBe(
      'Mobile number changed. Press Resend OTP to send a code to it.',
    );
  });

  it('promises no code once the day’s sends are spent', () => {
    expect(numberChangedText(0, 0)).toBe(
      'Mobile number changed. No more codes can be sent today: try again after 24 hours.',
    );
    expect(numberChangedText(0, 4)).toMatch(/No more codes can be sent today/);
  });
});
