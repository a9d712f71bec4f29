import { createRequire } from 'node:module';

/*
 * The scripts a tax invoice writes what members typed in: a buyer's name and address, an ad's
 * title, a company's name, in Hindi, Bengali, Tamil… as well as in English. The invoice's own words
 * are in pdfkit's built-in Helvetica, which has the Latin-1 letters only (WinAnsi) and wrote any
 * other letter as the bytes of a wrong one. So a member's text is drawn in runs (`textRuns`):
 * each Indian script in its Noto Sans font, embedded (fontkit shapes its conjuncts and vowel
 * signs), the rest in Helvetica, Latin letters beyond Latin-1 (ā, Ś) as their base letters. A
 * letter none of them has (an emoji, Urdu's script) is written '?', never as another letter.
 */

const require = createRequire(import.meta.url);

/** A font embedded for the letters `letters` matches; `name` is its pdfkit name. */
type ScriptFont = { readonly name: string; readonly letters: RegExp; readonly file: string };

const noto = (family: string, subset: string): string =>
  require.resolve(`@fontsource/${family}/files/${family}-${subset}-400-normal.woff`);

/** The WOFF files, not WOFF2: fontkit's subsetting of these WOFF2 glyphs breaks (a RangeError). */
const indianScript = (script: string, subset = script.toLowerCase()): ScriptFont => ({
  name: `Noto Sans ${script}`,
  letters: new RegExp(`\\p{Script_Extensions=${script}}`, 'u'),
  file: noto(`noto-sans-${subset}`, subset),
});

export const SCRIPT_FONTS: readonly ScriptFont[] = [
  indianScript('Devanagari'),
  indianScript('Bengali'),
  indianScript('Gurmukhi'),
  indianScript('Gujarati'),
  indianScript('Oriya'),
  indianScript('Tamil'),
  indianScript('Telugu'),
  indianScript('Kannada'),
  indianScript('Malayalam'),
];

/** What Helvetica writes as itself: Latin-1 and the few more of Windows' code page 1252. */
const IN_HELVETICA = /[\n\t\u0020-\u007e\u00a0-\u00ff€‚ƒ„…†‡ˆ‰Š‹ŒŽ‘’“”•–—˜™š›œžŸ]/u;

/** What belongs to the letter before it, in its font: a vowel sign, a virama, a joiner. */
const JOINS_THE_LETTER_BEFORE = /[\p{M}\u200c\u200d]/u;

/** Written where no font has the letter. */
export const NOT_WRITTEN = '?';

/** A stretch of text in one font: `font` a SCRIPT_FONTS name, or null for Helvetica's. */
export type TextRun = { readonly text: string; readonly font: string | null };

/**
 * The font that writes `letter`, and what it writes (`NOT_WRITTEN` where none has it), after a
 * run in `before`: a vowel sign or joiner goes with the letter it follows, and is left out after
 * one Helvetica writes or none does (NFC has already joined é's accent to its e).
 */
function placed(letter: string, before: string | null | undefined): TextRun {
  if (IN_HELVETICA.test(letter)) return { text: letter, font: null };
  const script = SCRIPT_FONTS.find(({ letters }) => letters.test(letter));
  if (script) return { text: letter, font: script.name };
  // Latin letters beyond Latin-1 (ā, Ś) as their base letters (a, S): Noto Sans's Latin files
  // draw these as composite glyphs, which fontkit's subsetting misplaces.
  const base = letter.normalize('NFD').replace(/\p{M}/gu, '');
  if (base !== '' && base !== letter && [...base].every((part) => IN_HELVETICA.test(part)))
    return { text: base, font: null };
  if (JOINS_THE_LETTER_BEFORE.test(letter))
    return { text: before ? letter : '', font: before ?? null };
  return { text: NOT_WRITTEN, font: null };
}

/** `text` cut into runs, each in the font that has its letters (see above). */
export function textRuns(text: string): TextRun[] {
  const runs: { text: string; font: string | null }[] = [];
  for (const letter of text.normalize('NFC')) {
    const last = runs[runs.length - 1];
    const { text: written, font } = placed(letter, last?.font);
    if (written === '') continue;
    if (last && last.font === font) last.text += written;
    else runs.push({ text: written, font });
  }
  return runs;
}
