import argon2 from 'argon2';
import { dictionary } from '@zxcvbn-ts/language-common';

/**
 * argon2id with OWASP's recommended minimum (19 MiB, 2 passes, 1 lane). `npm run bench -- accounts`
 * reports sign-in throughput at this cost.
 */
export const ARGON2_COST = {
  type: argon2.argon2id,
  memoryCost: 19_456,
  timeCost: 2,
  parallelism: 1,
} as const;

export const hashPassword = (password: string): Promise<string> =>
  argon2.hash(password, ARGON2_COST);

export async function verifyPassword(hash: string, password: string): Promise<boolean> {
  try {
    return await argon2.verify(hash, password);
  } catch {
    return false;
  }
}

/** The 10,000 most common passwords (zxcvbn's ranked list), compared case-insensitively. */
const COMMON_PASSWORDS = new Set(
  (dictionary['passwords-common'] as string[]).slice(0, 10_000).map((p) => p.toLowerCase()),
);

export const isCommonPassword = (password: string): boolean =>
  COMMON_PASSWORDS.has(password.toLowerCase());

export const COMMON_PASSWORD_MESSAGE = 'This password is too common. Please choose another.';
