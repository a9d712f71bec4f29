/**
 * Just enough MIME to read what our own SMTP adapter sends (nodemailer, text/plain, maybe
 * quoted-printable or base64, RFC 2047 subjects). Not a general mail parser.
 */
export type ParsedMail = { to: string; subject: string; text: string };

function decodeQuotedPrintable(input: string): Buffer {
  const joined = input.replace(/=\r?\n/g, '');
  const bytes: number[] = [];
  for (let i = 0; i < joined.length; i++) {
    const hex = joined.slice(i + 1, i + 3);
    if (joined[i] === '=' && /^[0-9A-F]{2}$/i.test(hex)) {
      bytes.push(parseInt(hex, 16));
      i += 2;
    } else bytes.push(...Buffer.from(joined[i]!, 'utf8'));
  }
  return Buffer.from(bytes);
}

const decodeEncodedWords = (value: string): string =>
  value.replace(
    /=\?([^?]+)\?([QB])\?([^?]*)\?=\s*/gi,
    (_, _charset: string, encoding: string, text: string) =>
      encoding.toUpperCase() === 'B'
        ? Buffer.from(text, 'base64').toString('utf8')
        : decodeQuotedPrintable(text.replace(/_/g, ' ')).toString('utf8'),
  );

function headersOf(block: string): Map<string, string> {
  const unfolded = block.replace(/\r?\n[ \t]+/g, ' ');
  const headers = new Map<string, string>();
  for (const line of unfolded.split(/\r?\n/)) {
    const colon = line.indexOf(':');
    if (colon > 0)
      headers.set(line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim());
  }
  return headers;
}

function decodeBody(body: string, encoding: string | undefined): string {
  const decoded = (() => {
    switch ((encoding ?? '7bit').toLowerCase()) {
      case 'quoted-printable':
        return decodeQuotedPrintable(body).toString('utf8');
      case 'base64':
        return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
      default:
        return body;
    }
  })();
  return decoded.replace(/\r\n/g, '\n');
}

function splitHead(raw: string): [string, string] {
  const match = /\r?\n\r?\n/.exec(raw);
  return match ? [raw.slice(0, match.index), raw.slice(match.index + match[0].length)] : [raw, ''];
}

export function parseMail(raw: string): ParsedMail {
  const [head, body] = splitHead(raw);
  const headers = headersOf(head);
  const subject = decodeEncodedWords(headers.get('subject') ?? '');
  const to = (headers.get('to') ?? '').replace(/^.*<([^>]+)>.*$/, '$1');
  const contentType = headers.get('content-type') ?? 'text/plain';
  const boundary = /boundary="?([^";]+)"?/i.exec(contentType)?.[1];
  if (!boundary)
    return {
      to,
      subject,
      text: decodeBody(body, headers.get('content-transfer-encoding')).trimEnd(),
    };
  for (const part of body.split(`--${boundary}`)) {
    const [partHead, partBody] = splitHead(part.replace(/^\r?\n/, ''));
    const partHeaders = headersOf(partHead);
    if ((partHeaders.get('content-type') ?? '').startsWith('text/plain')) {
      return {
        to,
        subject,
        text: decodeBody(partBody, partHeaders.get('content-transfer-encoding')).trimEnd(),
      };
    }
  }
  return { to, subject, text: '' };
}
