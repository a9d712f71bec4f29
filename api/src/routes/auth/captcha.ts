import { randomInt } from 'node:crypto';
import type { Knex } from 'knex';
import type { Migration } from '@boli/engine/shared/migration';
import { randomToken } from '../../identity/tokens.ts';
import { LIMITS } from '@boli/engine/shared/limits';

/**
 * Sign-up's captchas wait in PostgreSQL, which sign-up needs anyway, not in Redis: with Redis
 * away (a restart, an outage) people can still join. Expired ones are swept by the next new one.
 */
export const captchaMigration: Migration = {
  name: '20261127_0100_captchas',
  async up(knex) {
    await knex.schema.raw(`
      CREATE TABLE captchas (
        captcha_id text PRIMARY KEY,
        answer text NOT NULL,
        expires_at timestamptz NOT NULL
      );
      CREATE INDEX captchas_expiry ON captchas (expires_at);
    `);
  },
  async down(knex) {
    await knex.schema.raw('DROP TABLE IF EXISTS captchas');
  },
};

/** What a captcha id can be (randomToken's letters): anything else is none, unlooked-for. */
const CAPTCHA_ID = /^[\w-]{1,64}$/;

/** An arithmetic question; the answer waits for 10 minutes. */
export async function newCaptcha(
  db: Knex,
  now = new Date(),
): Promise<{ captchaId: string; question: string }> {
  const a = randomInt(1, 10);
  const b = randomInt(1, 10);
  const captchaId = randomToken(16);
  await db.raw(
    `WITH expired AS (DELETE FROM captchas WHERE expires_at <= ?)
     INSERT INTO captchas (captcha_id, answer, expires_at) VALUES (?, ?, ?)`,
    [now, captchaId, String(a + b), new Date(now.getTime() + LIMITS.captchaSeconds * 1000)],
  );
  return { captchaId, question: `What is ${a} + ${b}?` };
}

/** True when `answer` is right in time. Every captcha is spent by its first check, right or wrong. */
export async function solveCaptcha(
  db: Knex,
  captchaId: string,
  answer: string,
  now = new Date(),
): Promise<boolean> {
  if (!CAPTCHA_ID.test(captchaId)) return false;
  const [spent] = await db('captchas')
    .where({ captcha_id: captchaId })
    .delete()
    .returning<{ answer: string; expires_at: Date }[]>(['answer', 'expires_at']);
  return spent !== undefined && spent.expires_at > now && spent.answer === answer.trim();
}

/**
 * Register's check before its confirm dialog: true when `answer` is right in time, and then the
 * captcha stays good for the sign-up that follows; a wrong or late answer spends it, as the
 * sign-up's own check would, so each captcha still takes one wrong answer only.
 */
export async function checkCaptcha(
  db: Knex,
  captchaId: string,
  answer: string,
  now = new Date(),
): Promise<boolean> {
  if (!CAPTCHA_ID.test(captchaId)) return false;
  const right = await db('captchas')
    .where({ captcha_id: captchaId, answer: answer.trim() })
    .where('expires_at', '>', now)
    .first('captcha_id');
  if (right) return true;
  await db('captchas').where({ captcha_id: captchaId }).delete();
  return false;
}
