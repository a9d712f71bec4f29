import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isHttpUrl, withWebScheme } from './webAddress.ts';

describe('a web address typed without its scheme', () => {
  it('gets https:// when it names a host', () => {
    expect(withWebScheme('instagram.com/aarav_m')).toBe('https://instagram.com/aarav_m');
    expect(withWebScheme(' www.example.co.in ')).toBe('https://www.example.co.in');
  });

  it('is left as it was when it has a scheme, or names no host', () => {
    for (const typed of [
      'https://example.com',
      'http://example.com/a',
      'javascript:alert(1)',
      'mailto:a@b.in',
      'My Instagram',
      'localhost',
      '',
      '   ',
      'example.com:8080/a',
      '/relative/path',
    ]) {
      expect(withWebScheme(typed)).toBe(typed);
    }
  });

  it('comes out as it went in, or as an http(s) address', () => {
    fc.assert(
      fc.property(fc.oneof(fc.string(), fc.webUrl(), fc.domain()), (typed) => {
        const out = withWebScheme(typed);
        expect(out === typed || (isHttpUrl(out) && out.startsWith('https://'))).toBe(true);
      }),
    );
  });
});
