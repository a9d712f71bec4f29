import type { Context, Next } from 'koa';
import { MESSAGES } from '@boli/engine/shared/messages';
import { ApiError } from './errors.ts';

/*
 * Characters PostgreSQL cannot store: NUL (U+0000), which no text column holds, and half of a
 * surrogate pair (a JSON '\ud800' with no partner), which no UTF-8 text can hold and jsonb
 * refuses. Input carrying one is refused at the door, 400 for every route, rather than failing
 * deep inside a query as a 500 that Retry would only repeat. So is text that would read
 * otherwise than it is stored: the control characters (all but tab, line feed and carriage
 * return), shown as boxes or nothing; the bidi embeddings, overrides and isolates (U+202A–U+202E,
 * U+2066–U+2069), with which a title's '00005' shows as '50000' beside the price; and a letter
 * with marks stacked on it past any language's need (8 or more, joiners between them or not),
 * which paint over the lines around it.
 */

export type UnstorableCode =
  'NUL_CHARACTER' | 'BROKEN_CHARACTER' | 'CONTROL_CHARACTER' | 'STACKED_MARKS';

/** With the u flag a whole surrogate pair is one character: only a lone half matches. */
const UNSTORABLE =
  // eslint-disable-next-line no-control-regex -- the controls are what it looks for
  /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F\u202A-\u202E\u2066-\u2069]|[\uD800-\uDFFF]|(?:\p{M}[\u200C\u200D]?){8,}/u;

const codeIn = (text: string): UnstorableCode | undefined => {
  const found = UNSTORABLE.exec(text)?.[0];
  if (found === undefined) return undefined;
  if (found === '\u0000') return 'NUL_CHARACTER';
  if (/[\uD800-\uDFFF]/u.test(found)) return 'BROKEN_CHARACTER';
  return found.length > 1 ? 'STACKED_MARKS' : 'CONTROL_CHARACTER';
};

/** What was found, and where: the top-level field of the body or query holding it, if any. */
export type Unstorable = { readonly code: UnstorableCode; readonly field?: string };

/**
 * The first unstorable character in a string, or in any key or string within arrays and objects,
 * with the top-level key it was under (`field`), so a form can mark that field. Walked with a
 * list of what is left, not by recursion: a body nested thousands deep (10 KB of brackets)
 * overflowed the stack, a 500 for anyone to cause.
 */
export function unstorableIn(value: unknown): Unstorable | undefined {
  const left: { value: unknown; field: string | undefined }[] = [{ value, field: undefined }];
  const found = (code: UnstorableCode, field: string | undefined): Unstorable =>
    field === undefined ? { code } : { code, field };
  let top = true;
  while (left.length > 0) {
    const next = left.pop()!;
    if (typeof next.value === 'string') {
      const code = codeIn(next.value);
      if (code) return found(code, next.field);
    } else if (Array.isArray(next.value)) {
      for (const inner of next.value) left.push({ value: inner, field: next.field });
    } else if (next.value !== null && typeof next.value === 'object') {
      for (const [key, inner] of Object.entries(next.value)) {
        const field = top ? key : next.field;
        const code = codeIn(key);
        if (code) return found(code, field);
        left.push({ value: inner, field });
      }
    }
    top = false;
  }
  return undefined;
}

const MESSAGE_OF: Record<UnstorableCode, string> = {
  NUL_CHARACTER: MESSAGES.nulCharacter,
  BROKEN_CHARACTER: MESSAGES.brokenCharacter,
  CONTROL_CHARACTER: MESSAGES.controlCharacter,
  STACKED_MARKS: MESSAGES.stackedMarks,
};

/** The 400 for input holding an unstorable character, naming its field when it has one. */
export const unstorableRefusal = ({ code, field }: Unstorable): ApiError =>
  new ApiError(400, MESSAGE_OF[code], code, field === undefined ? null : { fields: [field] });

/** The address (path or query, `%00`) and the parsed body are checked before any route runs. */
export async function refuseUnstorableCharacters(ctx: Context, next: Next): Promise<void> {
  if (/%00/i.test(ctx.url)) throw unstorableRefusal({ code: 'NUL_CHARACTER' });
  const found = unstorableIn(ctx.query) ?? unstorableIn(ctx.request.body);
  if (found) throw unstorableRefusal(found);
  await next();
}
