/*
 * Indian scripts in Latin letters, roughly as people write Hindi or Tamil in a chat ('तलवार' →
 * 'talavar', 'தமிழ்' → 'tamizh'): for what must be Latin, an ad's link above all, whose readable
 * part was empty for a title in Hindi alone ('/ads/ad-8e6f788838'). Not a scholarly
 * transliteration: long vowels are written short and a word's last inherent 'a' is dropped.
 *
 * Unicode lays out the nine scripts of its blocks U+0900 to U+0D7F alike, 128 code points each,
 * after ISCII: a letter's place in its block is the same sound in every one (क, ক, ਕ, ક, କ, க,
 * క, ಕ, ക are each the block's 0x15). So one table, by that place, serves them all.
 */

const FIRST_BLOCK = 0x0900;
const LAST_CODE_POINT = 0x0d7f;

/** The consonants, 0x15 to 0x39: each followed by an inherent 'a' unless a vowel sign or virama. */
// prettier-ignore
const CONSONANTS = [
  'k', 'kh', 'g', 'gh', 'ng', 'ch', 'chh', 'j', 'jh', 'ny', 't', 'th', 'd', 'dh', 'n', 't', 'th',
  'd', 'dh', 'n', 'n', 'p', 'ph', 'b', 'bh', 'm', 'y', 'r', 'r', 'l', 'l', 'zh', 'v', 'sh', 'sh',
  's', 'h',
];

/** The consonants with a nukta, 0x58 to 0x5F (क़ ख़ ग़ ज़ ड़ ढ़ फ़ य़). */
const NUKTA_CONSONANTS = ['q', 'kh', 'gh', 'z', 'r', 'rh', 'f', 'y'];

/** Letters that stand alone: vowels (0x05–0x14), and the rest by their place. */
// prettier-ignore
const LETTERS: Readonly<Record<number, string>> = {
  0x01: 'n', 0x02: 'n', 0x03: 'h',
  0x05: 'a', 0x06: 'a', 0x07: 'i', 0x08: 'i', 0x09: 'u', 0x0a: 'u', 0x0b: 'ri', 0x0c: 'li',
  0x0d: 'e', 0x0e: 'e', 0x0f: 'e', 0x10: 'ai', 0x11: 'o', 0x12: 'o', 0x13: 'o', 0x14: 'au',
  0x4e: 't', 0x50: 'om', 0x60: 'ri', 0x61: 'li', 0x70: 'n',
  // Malayalam's chillu letters: a consonant without its vowel.
  0x7a: 'n', 0x7b: 'n', 0x7c: 'r', 0x7d: 'l', 0x7e: 'l', 0x7f: 'k',
};

/** Vowel signs (0x3E–0x4C, 0x62–0x63, and the au length mark 0x57): they replace the 'a'. */
// prettier-ignore
const VOWEL_SIGNS: Readonly<Record<number, string>> = {
  0x3e: 'a', 0x3f: 'i', 0x40: 'i', 0x41: 'u', 0x42: 'u', 0x43: 'ri', 0x44: 'ri', 0x45: 'e',
  0x46: 'e', 0x47: 'e', 0x48: 'ai', 0x49: 'o', 0x4a: 'o', 0x4b: 'o', 0x4c: 'au', 0x57: 'au',
  0x62: 'li', 0x63: 'li',
};

const VIRAMA = 0x4d;
const DIGIT_ZERO = 0x66;

/** A code point's place in its script's block, or null outside the nine blocks. */
function placeOf(letter: string): number | null {
  const code = letter.codePointAt(0)!;
  return code >= FIRST_BLOCK && code <= LAST_CODE_POINT ? (code - FIRST_BLOCK) % 0x80 : null;
}

/** What a place's consonant is written as, or undefined when it is none. */
const consonantAt = (place: number): string | undefined =>
  place >= 0x15 && place <= 0x39
    ? CONSONANTS[place - 0x15]
    : place >= 0x58 && place <= 0x5f
      ? NUKTA_CONSONANTS[place - 0x58]
      : undefined;

/** `text` with its Indian-script letters in Latin ones; every other character as it is. */
export function indicInLatin(text: string): string {
  let written = '';
  // A consonant written whose inherent 'a' waits: a vowel sign replaces it, a virama drops it.
  let inherent = false;
  const sayInherent = (endsWord: boolean) => {
    if (inherent && !endsWord) written += 'a';
    inherent = false;
  };
  for (const letter of text) {
    const place = placeOf(letter);
    if (place === null) {
      sayInherent(!/[\p{L}\p{N}]/u.test(letter));
      written += letter;
      continue;
    }
    const consonant = consonantAt(place);
    if (consonant !== undefined) {
      sayInherent(false);
      written += consonant;
      inherent = true;
    } else if (place in VOWEL_SIGNS) {
      inherent = false;
      written += VOWEL_SIGNS[place];
    } else if (place === VIRAMA) {
      inherent = false;
    } else if (place >= DIGIT_ZERO && place <= DIGIT_ZERO + 9) {
      sayInherent(false);
      written += String(place - DIGIT_ZERO);
    } else if (place in LETTERS) {
      sayInherent(false);
      written += LETTERS[place];
    }
    // Anything else (a nukta, an avagraha, a danda) writes nothing, and keeps a waiting 'a'.
  }
  sayInherent(true);
  return written;
}
