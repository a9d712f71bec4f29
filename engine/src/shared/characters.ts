/*
 * Characters as a person counts them. A limit in characters has two readings, code points and the
 * letters a reader sees; each rule takes the more permissive one, here, for the engine and the web
 * app's counters alike: "at most" counts letters seen (`characterCount`), so a Hindi or Tamil title
 * has the room an English one has; "at least" counts code points (`codePointCount`).
 */

const GRAPHEMES =
  typeof Intl.Segmenter === 'function'
    ? new Intl.Segmenter('en', { granularity: 'grapheme' })
    : undefined;
/** Text every code point of which is a letter of its own: ASCII, short of a CR LF. */
// eslint-disable-next-line no-control-regex -- all of ASCII, controls too
const PLAIN = /^[\u0000-\u007F]*$/;
/** A letter with more marks piled on it than any script needs counts once per this many. */
const CLUSTER_CODE_POINTS = 32;

/** How many code points `text` has: what an "at least" rule counts. */
export const codePointCount = (text: string): number => Array.from(text).length;

/**
 * How many letters `text` shows (grapheme clusters: 'स्त्री', a flag 🇮🇳 and a family emoji are one
 * each): what an "at most" rule counts. Where the browser has no Intl.Segmenter, code points.
 */
export function characterCount(text: string): number {
  if (GRAPHEMES === undefined) return codePointCount(text);
  if (PLAIN.test(text) && !text.includes('\r\n')) return text.length;
  let count = 0;
  for (const { segment } of GRAPHEMES.segment(text)) {
    count +=
      segment.length <= CLUSTER_CODE_POINTS
        ? 1
        : Math.ceil(codePointCount(segment) / CLUSTER_CODE_POINTS);
  }
  return count;
}

/** `text`'s letters as a reader sees them: grapheme clusters (code points without a Segmenter). */
const lettersOf = (text: string): string[] =>
  GRAPHEMES === undefined
    ? Array.from(text)
    : Array.from(GRAPHEMES.segment(text), ({ segment }) => segment);

/**
 * `text` cut short to its first `max` letters as a reader sees them, never inside one (an emoji's
 * halves, a letter and its vowel sign, which `slice` would part and show as '�' or a bare mark);
 * with `ellipsis`, a text cut ends in '…', which counts as one of the `max`.
 */
export function firstCharacters(text: string, max: number, { ellipsis = false } = {}): string {
  if (characterCount(text) <= max) return text;
  const kept = lettersOf(text)
    .slice(0, ellipsis ? max - 1 : max)
    .join('');
  return ellipsis ? `${kept}…` : kept;
}

/**
 * `text` within `maxLength` UTF-16 units (what an input's `maxLength` and zod's `max` count),
 * ending on a whole letter as a reader sees it: what fits of a text too long for its field.
 */
export function withinLength(text: string, maxLength: number): string {
  if (text.length <= maxLength) return text;
  let kept = '';
  for (const letter of lettersOf(text)) {
    if (kept.length + letter.length > maxLength) break;
    kept += letter;
  }
  return kept;
}

/**
 * Characters that show nothing yet change what a name reads as: the controls (a bell, a newline),
 * every format character — zero-width spaces, bidi marks and overrides that print a name
 * backwards, soft hyphens, byte-order marks, invisible tags — and the blank letters (Hangul
 * fillers, the braille blank). (The zero-width joiner and non-joiner are not among them: Indian
 * scripts and emoji need them.)
 */
const HIDING_CHARACTERS = /(?![\u200C\u200D])[\p{Cc}\p{Cf}\u115F\u1160\u2800\u3164\uFFA0]/u;

/**
 * Marks that change nothing a reader sees in a name: the combining grapheme joiner and the
 * variation selectors (an emoji's presentation), dropped when names are compared.
 */
const UNSEEN_MARKS = /[\u034F\uFE00-\uFE0F\u{E0100}-\u{E01EF}]/gu;

/** A subdivision flag (🏴󠁧󠁢󠁳󠁣󠁴󠁿 Scotland): a black flag, invisible tag letters, a cancel tag. */
const FLAG_TAG_SEQUENCE = /\u{1F3F4}[\u{E0020}-\u{E007E}]+\u{E007F}/gu;

/** A subdivision flag as it shows: the black flag and its tag letters as letters ('🏴gbsct'). */
const flagAsSeen = (flag: string): string =>
  Array.from(flag)
    .slice(0, -1)
    .map((character, i) =>
      i === 0 ? character : String.fromCodePoint(character.codePointAt(0)! - 0xe0000),
    )
    .join('');

/**
 * Whether `text` holds a character that shows nothing but changes how it reads; a subdivision
 * flag's tags do show, as the flag.
 */
export const hasHidingCharacters = (text: string): boolean =>
  HIDING_CHARACTERS.test(text.replace(FLAG_TAG_SEQUENCE, flagAsSeen));

/**
 * Cyrillic and Greek letters drawn as Latin ones, and the Latin letter each reads as: 'kаvya' with
 * a Cyrillic 'а' is 'kavya' to anyone looking. Only letters that look the same in every common
 * font; the case is kept, since the username rule compares case.
 */
export const LOOKALIKES: Readonly<Record<string, string>> = {
  // Cyrillic
  а: 'a',
  е: 'e',
  о: 'o',
  р: 'p',
  с: 'c',
  у: 'y',
  х: 'x',
  і: 'i',
  ј: 'j',
  ѕ: 's',
  һ: 'h',
  ԁ: 'd',
  ԛ: 'q',
  ԝ: 'w',
  ӏ: 'l',
  А: 'A',
  В: 'B',
  Е: 'E',
  К: 'K',
  М: 'M',
  Н: 'H',
  О: 'O',
  Р: 'P',
  С: 'C',
  Т: 'T',
  Х: 'X',
  У: 'Y',
  І: 'I',
  Ј: 'J',
  Ѕ: 'S',
  Ԛ: 'Q',
  Ԝ: 'W',
  // Greek
  ο: 'o',
  κ: 'k',
  ι: 'i',
  // Armenian and Latin letters drawn as plain Latin ones
  օ: 'o',
  ս: 'u',
  ɑ: 'a',
  ɡ: 'g',
  ı: 'i',
  ν: 'v',
  Α: 'A',
  Β: 'B',
  Ε: 'E',
  Ζ: 'Z',
  Η: 'H',
  Ι: 'I',
  Κ: 'K',
  Μ: 'M',
  Ν: 'N',
  Ο: 'O',
  Ρ: 'P',
  Τ: 'T',
  Υ: 'Y',
  Χ: 'X',
};

const LOOKALIKE = new RegExp(`[${Object.keys(LOOKALIKES).join('')}]`, 'gu');

/**
 * `text` as a reader sees it, for comparing names: compatibility forms folded (a full-width 'ｋ'
 * is 'k'), a subdivision flag read as its letters (`flagAsSeen`), every control and invisible
 * format character dropped, and Cyrillic and Greek look-alikes read as the Latin letters they look
 * like (`LOOKALIKES`).
 */
export const visibleText = (text: string): string =>
  text
    .normalize('NFKC')
    .replace(FLAG_TAG_SEQUENCE, flagAsSeen)
    .replace(/[\p{Cc}\p{Cf}]/gu, '')
    .replace(UNSEEN_MARKS, '')
    .replace(LOOKALIKE, (letter) => LOOKALIKES[letter]!);

/**
 * What a name reads as in lower case, among letters and digits many fonts draw alike (the ASCII
 * part of Unicode's confusables, UTS #39): 'i', 'l', '1' and '|' — a capital I lower-cased is an
 * 'i' — all read as 'l', '0' as 'o', 'rn' as 'm' and 'vv' as 'w'. Folding the small 'i' too
 * refuses a little more than the eye would, never less. `name_skeleton` in SQL
 * (`api/src/routes/auth/nameSkeleton.ts`) folds the same; a test holds the two together.
 */
export const SKELETON_FOLDS: Readonly<Record<string, string>> = {
  i: 'l',
  '1': 'l',
  '|': 'l',
  '0': 'o',
  rn: 'm',
  vv: 'w',
};

const SKELETON_FOLD = /rn|vv|[i1|0]/g;

/**
 * Text as a page shows it: trimmed, each run of spaces (a no-break space, an ideographic one too)
 * one space, as HTML draws them. Two names that differ only there read as one.
 */
export const spacedAsShown = (text: string): string => text.replace(/\s+/gu, ' ').trim();

/**
 * A name's skeleton: as it reads (`visibleText`), without the spaces around it, in lower case,
 * with `SKELETON_FOLDS` applied. Two names with one skeleton could be taken for each other.
 */
export const nameSkeleton = (text: string): string =>
  visibleText(text)
    .trim()
    .toLowerCase()
    .replace(SKELETON_FOLD, (seen) => SKELETON_FOLDS[seen]!);

const HIDING_EVERYWHERE = new RegExp(HIDING_CHARACTERS.source, 'gu');

/**
 * Whether `text` reads as nothing: only spaces and characters that show nothing (a zero-width
 * space, a Hangul filler, the braille blank). What every 'cannot be blank' rule refuses.
 */
export const isBlank = (text: string | null | undefined): boolean =>
  visibleText(text ?? '')
    .replace(HIDING_EVERYWHERE, '')
    .trim() === '';
