import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  characterCount,
  codePointCount,
  firstCharacters,
  hasHidingCharacters,
  isBlank,
  nameSkeleton,
  visibleText,
  withinLength,
} from './characters.ts';

describe('characters as a person counts them', () => {
  it('counts an emoji or a ₹ as one', () => {
    expect(characterCount('₹😀a')).toBe(3);
    expect('₹😀a'.length).toBe(4);
  });

  it('counts the letters seen for an "at most": a conjunct, a flag or a family is one', () => {
    expect(characterCount('स्त्री')).toBe(1);
    expect(codePointCount('स्त्री')).toBe(6);
    expect(characterCount('👨\u200D👩\u200D👧\u200D👦 🇮🇳 👍🏽')).toBe(5);
    expect(characterCount('தமிழ் ഫോൺ')).toBe(6);
    expect(characterCount('Line one\r\nLine two')).toBe(17);
    expect(characterCount('plain ASCII')).toBe(11);
  });

  it('counts a letter with marks piled past any script’s need once per 32 code points', () => {
    const zalgo = `a${'\u0301'.repeat(63)}`;
    expect(characterCount(zalgo)).toBe(2);
    expect(characterCount(`${zalgo}b`)).toBe(3);
  });
});

describe('characters that hide in a name', () => {
  it('are the controls and format characters, but not the joiners Indian scripts need', () => {
    for (const hiding of ['ab\ncd', 'ti\u0007ger', 'tiger\u0085', 'abc\u061Cdef', 'xyz\u{E0072}']) {
      expect(hasHidingCharacters(hiding)).toBe(true);
    }
    const scotland = '\u{1F3F4}\u{E0067}\u{E0062}\u{E0073}\u{E0063}\u{E0074}\u{E007F}';
    for (const shown of ['पेन\u200Cड्राइव', '👩\u200D💻', 'श्री', 'a b', `Go ${scotland}`]) {
      expect(hasHidingCharacters(shown)).toBe(false);
    }
    expect(visibleText('ti\u0007ger\u0085')).toBe('tiger');
    // Scotland's flag and England's read as two flags, not as one black flag.
    const england = '\u{1F3F4}\u{E0067}\u{E0062}\u{E0065}\u{E006E}\u{E0067}\u{E007F}';
    expect(visibleText(`flag${scotland}`)).not.toBe(visibleText(`flag${england}`));
  });
});

describe('a name as a reader sees it', () => {
  it('reads full-width letters, invisible characters and Cyrillic or Greek look-alikes as Latin', () => {
    expect(visibleText('ｋａｖｙａ')).toBe('kavya');
    expect(visibleText('ka\u200Bvya')).toBe('kavya');
    // A Cyrillic а and о, a Greek Ο: the same letters to anyone looking.
    expect(visibleText('kаvyа_nоir')).toBe('kavya_noir');
    expect(visibleText('ΟLX')).toBe('OLX');
    // Armenian, Latin and Greek letters that look the same, and marks that show nothing.
    expect(visibleText('deepak_j\u0585shi')).toBe('deepak_joshi');
    expect(visibleText('\u0261urpreet_\u0261ill')).toBe('gurpreet_gill');
    expect(visibleText('\u03BAavya_nair')).toBe('kavya_nair');
    expect(visibleText('pr\u0131ya\u034F_iyer\uFE0F')).toBe('priya_iyer');
  });

  it('keeps letters that look like no Latin one, and Indian scripts', () => {
    expect(visibleText('Жизнь')).toBe('Жизнь');
    expect(visibleText('क्ष प्रिया')).toBe('क्ष प्रिया');
  });
});

describe('a name’s skeleton', () => {
  it('reads a capital I, a 1 or a | as l, 0 as o, rn as m and vv as w', () => {
    expect(nameSkeleton('RahuI_verma')).toBe(nameSkeleton('rahul_verma'));
    expect(nameSkeleton('rahu1_verma')).toBe(nameSkeleton('rahul_verma'));
    expect(nameSkeleton(' 0wlet ')).toBe(nameSkeleton('owlet'));
    expect(nameSkeleton('arnav')).toBe(nameSkeleton('amav'));
    expect(nameSkeleton('vvasim')).toBe(nameSkeleton('wasim'));
    // As it reads first: a Cyrillic а and a zero-width space change nothing.
    expect(nameSkeleton('k\u0430vy\u200Ba')).toBe('kavya');
  });

  it('keeps names apart that no font draws alike', () => {
    expect(nameSkeleton('priya')).not.toBe(nameSkeleton('priyb'));
    expect(nameSkeleton('owlet')).not.toBe(nameSkeleton('owlets'));
  });

  it('leaves none of the characters it folds', () => {
    fc.assert(
      fc.property(fc.stringMatching(/^[A-Za-z0-9_.|-]{0,20}$/), (name) => {
        expect(nameSkeleton(name)).not.toMatch(/[iI10|]/);
      }),
    );
  });
});

describe('a text that reads as nothing', () => {
  it('is blank: spaces, zero-width spaces, Hangul fillers, the braille blank', () => {
    for (const text of [
      undefined,
      null,
      '',
      '  ',
      '\u200b\u200b',
      '\u3164',
      ' \u2800 \u115F\uFEFF',
    ])
      expect(isBlank(text), JSON.stringify(text)).toBe(true);
  });

  it('is not blank once anything shows: a letter, a digit, an emoji, Indian scripts', () => {
    for (const text of ['a', ' 0 ', '\u200b😀', 'नमस्ते', '\u3164x'])
      expect(isBlank(text), text).toBe(false);
  });
});

describe('a text cut short', () => {
  const DESCRIPTION = 'नया हैंडल लगाया गया, धार तेज़ की गई।। 😀🗡️ अब कीमत';

  it('keeps whole letters: never half an emoji, nor a letter without its vowel sign', () => {
    const cut = firstCharacters(DESCRIPTION, 30, { ellipsis: true });
    expect(cut).not.toContain('\uFFFD');
    expect(cut.endsWith('😀…')).toBe(true);
    expect(characterCount(cut)).toBe(30);
    // 'की' is one letter seen: it is kept whole or not at all.
    expect(firstCharacters('की', 1)).toBe('की');
    expect(firstCharacters('कीमत', 1)).toBe('की');
  });

  it('leaves a text within its letters as it is, with no ellipsis', () => {
    expect(firstCharacters('स्त्री', 1, { ellipsis: true })).toBe('स्त्री');
    expect(firstCharacters('abcdef', 4, { ellipsis: true })).toBe('abc…');
    expect(firstCharacters('abcdef', 4)).toBe('abcd');
  });

  it('fits a field’s UTF-16 length, ending on a whole letter', () => {
    expect(withinLength(`${'क'.repeat(199)}😀`, 200)).toBe('क'.repeat(199));
    expect(withinLength('abc', 200)).toBe('abc');
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme', maxLength: 60 }), fc.nat(80), (text, max) => {
        const kept = withinLength(text, max);
        expect(kept.length).toBeLessThanOrEqual(max);
        expect(text.startsWith(kept)).toBe(true);
        // No half of an emoji (a lone surrogate) at its end.
        expect(/[\uD800-\uDFFF]/u.test(kept)).toBe(false);
      }),
    );
  });
});
