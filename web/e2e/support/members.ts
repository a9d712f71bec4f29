import { expect } from 'vitest';
import type { TestApp } from '../../../ops/src/testing/app.ts';

/*
 * Members made through the real api and the sandboxes, the way a person would: sign-up, the
 * emailed link, the phone OTP read from the SMS sandbox, then (optionally) a full profile address.
 */

export type Member = {
  username: string;
  password: string;
  phone: string;
  token: string;
  refreshToken: string;
  userId: string;
};

type MailboxEntry = { subject?: string; text?: string };

async function fromMailbox(app: TestApp, to: string, pattern: RegExp): Promise<string> {
  // The outbox sends from a job worker; on a busy machine that can take a while.
  const deadline = Date.now() + 45_000;
  for (;;) {
    const response = await fetch(
      new URL(`/dev/api/mailbox?to=${encodeURIComponent(to)}`, app.baseUrl),
    );
    const body = (await response.json()) as { data?: MailboxEntry[] } | MailboxEntry[];
    const entries = Array.isArray(body) ? body : (body.data ?? []);
    for (const entry of entries) {
      const found = `${entry.subject ?? ''}\n${entry.text ?? ''}`.match(pattern)?.[0];
      if (found) return found;
    }
    if (Date.now() > deadline) {
      const all = (await (
        await fetch(new URL('/dev/api/mailbox?limit=5', app.baseUrl))
      ).json()) as {
        data?: { to?: string; subject?: string }[];
      };
      const recent = (all.data ?? []).map((entry) => `${entry.to}: ${entry.subject ?? ''}`);
      throw new Error(
        `nothing matching ${pattern} was sent to ${to}; latest: ${recent.join(' | ')}`,
      );
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

async function call(
  app: TestApp,
  path: string,
  body: unknown,
  token?: string,
): Promise<Record<string, unknown>> {
  const response = await fetch(new URL(path, app.baseUrl), {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: JSON.stringify(body),
  });
  const answer = (await response.json()) as Record<string, unknown>;
  expect(response.status, `${path}: ${JSON.stringify(answer)}`).toBe(200);
  return answer;
}

/** The address a full profile has: Karol Bagh, Central district, Delhi. */
export const DELHI_ADDRESS = {
  houseno: '12',
  street: 'Pusa Road',
  city: 'New Delhi',
  country: 'India',
  state: 'Delhi',
  district: 'Central',
  neighbourHood: 'Karol Bagh',
  pincode: '110005',
};

/** A member with a validated phone (so a 7-day trial); with `address`, a full profile address. */
export async function createMember(app: TestApp, { address }: { address: boolean }) {
  const digits = String(Math.floor(Math.random() * 1e9)).padStart(9, '0');
  const username = `ads${digits.slice(0, 7)}`;
  const password = 'Kite#2468';
  const phone = `9${digits}`;
  const email = `${username}@example.in`;
  const captcha = (await (await fetch(new URL('/api/auth/captcha', app.baseUrl))).json()) as {
    data: { captchaId: string; question: string };
  };
  const [, a, b] = /(\d+)\s*\+\s*(\d+)/.exec(captcha.data.question) ?? [];
  await call(app, '/api/auth/signup', {
    firstname: 'Ravi',
    lastname: 'Kumar',
    email,
    username,
    bidAlias: 'QZXWVY',
    password,
    confirmPassword: password,
    gender: 'Male',
    dob: '12-04-1990',
    phone,
    phoneCode: '+91',
    country: 'India',
    termsOfServicesCheckBox: 'true',
    captchaId: captcha.data.captchaId,
    captchaAnswer: String(Number(a) + Number(b)),
  });
  const link = await fromMailbox(app, email, /\/email-verify\/[^\s"'<>]+/);
  const verified = await fetch(
    new URL(
      `/api/auth/emailValidate?user_id=${encodeURIComponent(link.split('/').pop() ?? '')}`,
      app.baseUrl,
    ),
  );
  expect(verified.status).toBe(200);

  const signin = await call(app, '/api/auth/signin', { username, password });
  const validationJWT = String(signin.validationJWT ?? '');
  await call(app, '/api/auth/signin/otp/phone/send', { username }, validationJWT);
  const otp = await fromMailbox(app, `+91${phone}`, /\b\d{6}\b/);
  const session = (await call(
    app,
    '/api/auth/signin/otp/phone/verify',
    { username, otp },
    validationJWT,
  )) as { data: { token: string; refreshToken: string; userDetail: { _id: string } } };
  const { token, refreshToken, userDetail } = session.data;

  if (address) {
    await call(
      app,
      '/api/user/editProfile',
      {
        username,
        firstname: 'Ravi',
        lastname: 'Kumar',
        gender: 'Male',
        dob: '12-04-1990',
        ...DELHI_ADDRESS,
      },
      token,
    );
  }
  return { username, password, phone, token, refreshToken, userId: String(userDetail._id) };
}

/** What the web app keeps in localStorage for a logged-in member. */
export const storedSession = (member: Member): Record<string, string> => ({
  jwt: member.token,
  refreshToken: member.refreshToken,
  userId: member.userId,
  username: member.username,
});
