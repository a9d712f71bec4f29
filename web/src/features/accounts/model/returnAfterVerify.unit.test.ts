import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  keepReturnAfterVerify,
  loginPath,
  otpLoginPath,
  otpSignInPath,
  signUpPath,
  takeReturnAfterVerify,
} from './returnAfterVerify.ts';

describe('coming back after signing up', () => {
  // The browser's storage, as a tab has it (the unit tier runs without a DOM).
  beforeEach(() => {
    const values = new Map<string, string>();
    vi.stubGlobal('window', {
      localStorage: {
        getItem: (key: string) => values.get(key) ?? null,
        setItem: (key: string, value: string) => values.set(key, value),
        removeItem: (key: string) => values.delete(key),
      },
    });
  });
  afterEach(() => vi.unstubAllGlobals());

  it('takes the member back to the page they set out from, once', () => {
    keepReturnAfterVerify('/ads/maruti-swift-4c2a7c69b6');
    expect(takeReturnAfterVerify()).toBe('/ads/maruti-swift-4c2a7c69b6');
    expect(takeReturnAfterVerify()).toBe('/');
  });

  it('keeps no page of another site, and no home page', () => {
    keepReturnAfterVerify('//evil.example/ads');
    expect(takeReturnAfterVerify()).toBe('/');
    keepReturnAfterVerify('/ads/a-1');
    keepReturnAfterVerify(null);
    expect(takeReturnAfterVerify()).toBe('/');
  });

  it('passes Login’s redirect on to Sign up', () => {
    expect(signUpPath('/ads/a-1')).toBe('/register?redirect=%2Fads%2Fa-1');
    expect(signUpPath(null)).toBe('/register');
    expect(signUpPath('https://evil.example')).toBe('/register');
  });

  it('passes Login’s redirect on to Login with OTP, and its code page', () => {
    expect(otpLoginPath('/ads/a-1')).toBe('/otp-phone?redirect=%2Fads%2Fa-1');
    expect(otpLoginPath(null)).toBe('/otp-phone');
    expect(otpSignInPath('asha_k', '/ads/a-1')).toBe(
      '/otp-phone-verify?signin=asha_k&redirect=%2Fads%2Fa-1',
    );
    // What was typed goes along, to the field of the page it opens.
    expect(otpLoginPath(null, ' asha_k ')).toBe('/otp-phone?username=asha_k');
    expect(loginPath('/ads/a-1', 'asha_k')).toBe('/login?redirect=%2Fads%2Fa-1&username=asha_k');
    expect(loginPath(null)).toBe('/login');
    expect(otpSignInPath('asha@example.com', '//evil.example')).toBe(
      '/otp-phone-verify?signin=asha%40example.com',
    );
  });
});
