import { inflateSync } from 'node:zlib';

/**
 * The text a pdfkit PDF shows, one string per text operation. pdfkit writes Helvetica text as
 * `[<hex> kerning <hex> …] TJ` in WinAnsi; compressed streams are inflated first.
 */
export function pdfText(pdf: Buffer): string[] {
  const source = pdf.toString('latin1');
  const streams = [...source.matchAll(/stream\r?\n([\s\S]*?)\r?\nendstream/g)].map((match) => {
    const body = Buffer.from(match[1]!, 'latin1');
    try {
      return inflateSync(body).toString('latin1');
    } catch {
      return body.toString('latin1');
    }
  });
  return streams.flatMap((content) =>
    [...content.matchAll(/\[([^\]]*)\] TJ/g)].map((operation) =>
      [...operation[1]!.matchAll(/<([0-9a-fA-F]*)>/g)]
        .map((hex) => Buffer.from(hex[1]!, 'hex').toString('latin1'))
        .join(''),
    ),
  );
}

/** Wrapped lines rejoined: the words as a reader sees them. */
export const flowing = (text: string[]): string => text.join(' ').replace(/\s+/g, ' ');
