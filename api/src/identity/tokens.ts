import { createHash, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';

/** A random URL-safe secret (reset links, refresh tokens, email verification). */
export const randomToken = (bytes = 32): string => randomBytes(bytes).toString('base64url');

/** Secrets are stored only as their SHA-256; the clear value goes to the user once. */
export const sha256 = (value: string): string => createHash('sha256').update(value).digest('hex');

/** A numeric one-time code from a cryptographically secure source, zero-padded. */
export const otpCode = (digits: number): string =>
  String(randomInt(0, 10 ** digits)).padStart(digits, '0');

export function constantTimeEqual(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}
