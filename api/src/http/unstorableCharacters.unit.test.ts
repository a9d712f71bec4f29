import { describe, expect, it } from 'vitest';
import { unstorableIn } from './unstorableCharacters.ts';

describe('unstorableIn', () => {
  it('finds a NUL in a string, however deep in arrays and objects, or in a key', () => {
    expect(unstorableIn('a\u0000b')).toBe('NUL_CHARACTER');
    expect(unstorableIn({ bid: { aliases: ['ok', 'x\u0000'] } })).toBe('NUL_CHARACTER');
    expect(unstorableIn({ ['k\u0000']: 1 })).toBe('NUL_CHARACTER');
  });

  it('finds half of a surrogate pair, either half, alone', () => {
    expect(unstorableIn(JSON.parse('{"text":"fuzz \\udc00"}'))).toBe('BROKEN_CHARACTER');
    expect(unstorableIn(['\ud800x'])).toBe('BROKEN_CHARACTER');
    expect(unstorableIn({ ['k\udfff']: 1 })).toBe('BROKEN_CHARACTER');
  });

  it('walks a body nested far deeper than the call stack would', () => {
    const deep = JSON.parse(`${'['.repeat(20_000)}"x\\u0000"${']'.repeat(20_000)}`) as unknown;
    expect(unstorableIn(deep)).toBe('NUL_CHARACTER');
    const deepObject = JSON.parse(`${'{"a":'.repeat(20_000)}1${'}'.repeat(20_000)}`) as unknown;
    expect(unstorableIn(deepObject)).toBeUndefined();
  });

  it('finds a control character and a bidi override, which make text read otherwise', () => {
    for (const text of ['ti\u0007ger', 'ti\bger', 'tiger\u0085', 'esc\u001B[31m', 'del\u007F']) {
      expect(unstorableIn({ itemName: text })).toBe('CONTROL_CHARACTER');
    }
    expect(unstorableIn('Scooty price \u202E00005\u202C')).toBe('CONTROL_CHARACTER');
    expect(unstorableIn(['\u202Aembedded'])).toBe('CONTROL_CHARACTER');
    // Isolates reorder the runs of digits inside them too: '000 50' shows as '50 000'.
    expect(unstorableIn('price \u2067000 50\u2069')).toBe('CONTROL_CHARACTER');
  });

  it('finds a letter with marks stacked past any language’s need, not a script’s own', () => {
    expect(unstorableIn(`Ti${'\u0301'.repeat(8)}ger`)).toBe('STACKED_MARKS');
    // Joiners or spacing marks between them change nothing.
    expect(unstorableIn(`a${'\u0301'.repeat(7)}\u200D${'\u0301'.repeat(7)}`)).toBe('STACKED_MARKS');
    expect(unstorableIn(`a${'\u0301'.repeat(4)}\u093E${'\u0301'.repeat(4)}`)).toBe('STACKED_MARKS');
    // Hebrew's pointed letter with its cantillation, Tibetan's stack, Vietnamese decomposed.
    for (const text of [
      'ב\u05BC\u05B8\u0591\u05BD',
      'བསྒྲུབས',
      'Vie\u0323\u0302t',
      'क्\u200Dष्म्यं',
      'မြှင့်',
    ]) {
      expect(unstorableIn(text)).toBeUndefined();
    }
  });

  it('passes everything else: tabs and line breaks, whole emoji, Indian and Urdu scripts', () => {
    expect(
      unstorableIn({ a: 'plain', b: 12, c: null, d: [true, 'tab\there\r\nline'] }),
    ).toBeUndefined();
    expect(unstorableIn('😀 ₹ नमस्ते पेन\u200Cड्राइव 👨\u200D👩\u200D👧')).toBeUndefined();
    // Marks that set the direction of mixed Urdu and English do not reorder it.
    expect(unstorableIn('راہل \u200Fok \u200E۱۲۳')).toBeUndefined();
    expect(unstorableIn(undefined)).toBeUndefined();
  });
});
