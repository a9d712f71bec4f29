import type { Context, Next } from 'koa';
import { asciiDigits, NUMBER_FIELDS } from '@boli/engine/shared/digits';

/*
 * A request's number fields (NUMBER_FIELDS: amounts, a phone number, a pincode, an OTP), typed on
 * an Indian-language keyboard, arrive as ५०००: they are read as 0–9 before any route judges them,
 * so the rules and what is stored see one spelling (engine/src/shared/digits.ts).
 */

/** The number fields of an object (a JSON or form body, a query), read in place. */
function readNumberFields(fields: unknown): void {
  if (fields === null || typeof fields !== 'object' || Array.isArray(fields)) return;
  const record = fields as Record<string, unknown>;
  for (const name of NUMBER_FIELDS) {
    const value = record[name];
    if (typeof value === 'string') record[name] = asciiDigits(value);
  }
}

/** The body's and the query's number fields, read before any route runs (multipart: its parser). */
export async function readDigitsOfNumberFields(ctx: Context, next: Next): Promise<void> {
  // Koa keeps the query it parsed, so what is read here is what the routes get.
  readNumberFields(ctx.query);
  readNumberFields(ctx.request.body);
  await next();
}
