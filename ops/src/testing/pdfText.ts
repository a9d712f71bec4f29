import { inflateSync } from 'node:zlib';

/**
 * The text a pdfkit PDF shows, one string per text operation. pdfkit writes Helvetica text as
 * `[<hex> kerning <hex> …] TJ` in WinAnsi, a byte a letter; an embedded font's (the invoice's
 * Indian scripts) as two bytes a glyph, which its ToUnicode map reads back as the letters the
 * glyph stands for (a conjunct's several), in the glyphs' order. Glyphs in a span that carries
 * their text (`/Span << /ActualText <FEFF…> >> BDC … EMC`) read as that text, once, as a PDF
 * reader copies them. Compressed streams are inflated first.
 */
export function pdfText(pdf: Buffer): string[] {
  const objects = pdfObjects(pdf.toString('latin1'));
  const glyphsOf = embeddedFonts(objects);
  let glyphs: Map<number, string> | undefined;
  // Inside a span with its ActualText: that text, till it is read ('' after).
  let actual: string | undefined;
  const shown: string[] = [];
  for (const { stream } of objects.values()) {
    if (stream === null) continue;
    for (const operation of stream.matchAll(
      /\/ActualText <([0-9a-fA-F]*)> >> BDC|(EMC)|\/(\S+) [\d.]+ Tf|\[([^\]]*)\] TJ/g,
    )) {
      if (operation[1] !== undefined) {
        actual = Buffer.from(operation[1].replace(/^feff/i, ''), 'hex')
          .swap16()
          .toString('utf16le');
        continue;
      }
      if (operation[2] !== undefined) {
        actual = undefined;
        continue;
      }
      if (operation[3] !== undefined) {
        glyphs = glyphsOf.get(operation[3]);
        continue;
      }
      if (actual !== undefined) {
        if (actual !== '') shown.push(actual);
        actual = '';
        continue;
      }
      const hexes = [...operation[4]!.matchAll(/<([0-9a-fA-F]*)>/g)].map((hex) => hex[1]!);
      shown.push(
        hexes
          .map((hex) =>
            glyphs === undefined
              ? Buffer.from(hex, 'hex').toString('latin1')
              : (hex.match(/.{4}/g) ?? [])
                  .map((id) => glyphs!.get(parseInt(id, 16)) ?? '')
                  .join(''),
          )
          .join(''),
      );
    }
  }
  return shown;
}

/** Wrapped lines rejoined: the words as a reader sees them. */
export const flowing = (text: string[]): string => text.join(' ').replace(/\s+/g, ' ');

type PdfObject = { readonly dictionary: string; readonly stream: string | null };

/** The file's objects by number: each one's dictionary, and its stream inflated if it has one. */
function pdfObjects(source: string): Map<number, PdfObject> {
  const objects = new Map<number, PdfObject>();
  for (const match of source.matchAll(/(\d+) 0 obj\r?\n([\s\S]*?)\r?\nendobj/g)) {
    const [dictionary, body] = match[2]!.split(/\r?\nstream\r?\n/, 2) as [string, string?];
    const raw = body === undefined ? null : body.replace(/\r?\nendstream$/, '');
    objects.set(Number(match[1]), { dictionary, stream: raw === null ? null : inflated(raw) });
  }
  return objects;
}

function inflated(raw: string): string {
  const body = Buffer.from(raw, 'latin1');
  try {
    return inflateSync(body).toString('latin1');
  } catch {
    return body.toString('latin1');
  }
}

/** Each embedded font's glyph ids' letters, by the name the pages use for it ('F2'). */
function embeddedFonts(objects: Map<number, PdfObject>): Map<string, Map<number, string>> {
  const fonts = new Map<string, Map<number, string>>();
  for (const { dictionary } of objects.values()) {
    for (const resources of dictionary.matchAll(/\/Font\s*<<([^>]*)>>/g)) {
      for (const [, name, number] of resources[1]!.matchAll(/\/(\S+)\s+(\d+) 0 R/g)) {
        const font = objects.get(Number(number))?.dictionary ?? '';
        const cmap = /\/ToUnicode (\d+) 0 R/.exec(font);
        const stream = cmap ? objects.get(Number(cmap[1]))?.stream : null;
        if (stream) fonts.set(name!, glyphLetters(stream));
      }
    }
  }
  return fonts;
}

/** A ToUnicode CMap's glyph ids and their letters (pdfkit writes its ranges with arrays). */
function glyphLetters(cmap: string): Map<number, string> {
  const letters = new Map<number, string>();
  const utf16 = (hex: string) =>
    Buffer.from(hex.replace(/\s/g, ''), 'hex').swap16().toString('utf16le');
  for (const [, first, list] of cmap.matchAll(
    /<([0-9a-fA-F]+)>\s*<[0-9a-fA-F]+>\s*\[([^\]]*)\]/g,
  )) {
    [...list!.matchAll(/<([0-9a-fA-F\s]*)>/g)].forEach((entry, index) =>
      letters.set(parseInt(first!, 16) + index, utf16(entry[1]!)),
    );
  }
  for (const [, pairs] of cmap.matchAll(/beginbfchar([\s\S]*?)endbfchar/g))
    for (const [, id, text] of pairs!.matchAll(/<([0-9a-fA-F]{4})>\s*<([0-9a-fA-F\s]+)>/g))
      letters.set(parseInt(id!, 16), utf16(text!));
  return letters;
}
