import knex, { type Knex } from 'knex';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../../../ops/src/testing/database.ts';
import { newCaptcha, solveCaptcha } from './captcha.ts';
import { LIMITS } from '@boli/engine/shared/limits';

const answerTo = (question: string): string => {
  const [a, b] = question.match(/\d+/g)!.map(Number);
  return String(a! + b!);
};

describe('captcha (kept in PostgreSQL, so sign-up does not need Redis)', () => {
  let database: TestDatabase;
  let db: Knex;
  const now = new Date('2026-11-27T06:00:00Z');
  const later = (seconds: number) => new Date(now.getTime() + seconds * 1000);

  beforeAll(async () => {
    database = await createTestDatabase();
    db = knex({ client: 'pg', connection: database.url });
  });
  afterAll(async () => {
    await db.destroy();
    await database.drop();
  });

  it('takes the right answer once, trimmed', async () => {
    const { captchaId, question } = await newCaptcha(db, now);
    expect(question).toMatch(/^What is [1-9] \+ [1-9]\?$/);
    expect(await solveCaptcha(db, captchaId, ` ${answerTo(question)} `, later(1))).toBe(true);
    expect(await solveCaptcha(db, captchaId, answerTo(question), later(2))).toBe(false);
  });

  it('is spent by a wrong answer', async () => {
    const { captchaId, question } = await newCaptcha(db, now);
    expect(await solveCaptcha(db, captchaId, '99', later(1))).toBe(false);
    expect(await solveCaptcha(db, captchaId, answerTo(question), later(2))).toBe(false);
  });

  it('refuses the right answer after 10 minutes, and unknown or malformed ids', async () => {
    const { captchaId, question } = await newCaptcha(db, now);
    expect(
      await solveCaptcha(db, captchaId, answerTo(question), later(LIMITS.captchaSeconds)),
    ).toBe(false);
    expect(await solveCaptcha(db, 'no-such-captcha', '2', now)).toBe(false);
    expect(await solveCaptcha(db, "x' OR '1'='1", '2', now)).toBe(false);
  });

  it('sweeps expired captchas when it makes a new one', async () => {
    const stale = await newCaptcha(db, now);
    const fresh = await newCaptcha(db, later(LIMITS.captchaSeconds - 1));
    await newCaptcha(db, later(LIMITS.captchaSeconds));
    const kept = await db('captchas').pluck('captcha_id');
    expect(kept).not.toContain(stale.captchaId);
    expect(kept).toContain(fresh.captchaId);
  });
});
