import type { Context } from 'koa';
import { randomUUID } from 'node:crypto';
import type { Router } from '@koa/router';
import { accountDecider } from '@boli/engine/accounts/account.decider';
import { accountStream } from '@boli/engine/accounts/account.events';
import { signupSchema } from '@boli/engine/accounts/account.schemas';
import { status } from '@boli/engine/accounts/account.state';
import { PER_IP_LIMITS, RATE_LIMITS } from '../../identity/rateLimit.ts';
import { DomainError } from '@boli/engine/shared/decider';
import { MESSAGES } from '@boli/engine/shared/messages';
import {
  signPurposeToken,
  validationAuth,
  verifyPurposeToken,
  PurposeTokenError,
} from '../../http/auth.ts';
import { commandMetadata, execute } from '../../http/commands.ts';
import { success } from '../../http/envelope.ts';
import { ApiError } from '../../http/errors.ts';
import {
  COMMON_PASSWORD_MESSAGE,
  hashPassword,
  isCommonPassword,
} from '../../identity/passwords.ts';
import {
  dropMessageSecret,
  emailValidated,
  loadAccount,
  mobileValidated,
  storeMessageSecret,
} from './accounts.ts';
import { checkCaptcha, newCaptcha, solveCaptcha } from './captcha.ts';
import {
  aliasIsOthersUsername,
  claimIdentities,
  findUserIdByLogin,
  identitiesOf,
  releaseIdentities,
  type IdentityKind,
} from './identities.ts';
import { captchaFields, emailValidateQuery, resendEmailBody } from './schema.ts';
import {
  assertSameAccount,
  limitRate,
  memberActor,
  parseForm,
  refuse,
  type AuthInfra,
} from './support.ts';
import {
  emailResendsLeft,
  verificationMailDecider,
  verificationMailStream,
} from '@boli/engine/accounts/verificationMail.decider';
import { LIMITS } from '@boli/engine/shared/limits';

export const WRONG_CAPTCHA = 'Wrong captcha answer.';
export const EMAIL_LINK_INVALID = 'This verification link is not valid. Please request a new one.';
export const EMAIL_LINK_EXPIRED = 'This verification link has expired. Please request a new one.';
export const EMAIL_ALREADY_VERIFIED = 'Your email is already verified.';

const TAKEN: Record<IdentityKind, { status: number; msg: string; flags: Record<string, boolean> }> =
  {
    username: {
      status: 409,
      msg: MESSAGES.alreadySignedUp,
      flags: { existingUser: true },
    },
    email: {
      status: 409,
      msg: MESSAGES.emailExists,
      flags: { existingUser: false, isEmailExist: true },
    },
    phone: {
      status: 409,
      msg: MESSAGES.phoneExists,
      flags: { existingUser: false, isMobileExist: true },
    },
  };

/** The email link: a web page that calls GET /api/auth/emailValidate?user_id=<q>. */
async function verificationLink(infra: AuthInfra, userId: string, now: Date): Promise<string> {
  const q = await signPurposeToken(infra.config.JWT_SECRET, 'emailVerification', userId, now);
  return `${infra.config.PUBLIC_URL}/email-verify/${q}`;
}

/** A wrong (or spent, or late) captcha answer, on its field: the form asks a new one. */
const refuseWrongCaptcha = (ctx: Context) =>
  refuse(ctx, 400, WRONG_CAPTCHA, {
    errors: [{ field: 'captchaAnswer', message: WRONG_CAPTCHA }],
    code: 'CAPTCHA_WRONG',
  });

/** Captcha, sign-up, the email link and its resend: section 4's first two steps. */
export function signupRoutes(router: Router, infra: AuthInfra): void {
  router.get('/api/auth/captcha', async (ctx) => {
    ctx.set('Cache-Control', 'no-store');
    ctx.body = success(await newCaptcha(infra.db));
  });

  // Register asks this before its confirm dialog, so a wrong answer is told before Confirm.
  router.post('/api/auth/captcha/check', async (ctx) => {
    const captcha = parseForm(captchaFields, ctx.request.body);
    if (!(await checkCaptcha(infra.db, captcha.captchaId, captcha.captchaAnswer))) {
      return refuseWrongCaptcha(ctx);
    }
    ctx.body = success({ correct: true });
  });

  router.post('/api/auth/signup', async (ctx) => {
    const now = new Date();
    const body = ctx.request.body as Record<string, unknown> | undefined;
    const password = typeof body?.password === 'string' ? body.password : '';
    const common =
      password !== '' && isCommonPassword(password)
        ? [{ field: 'password', message: COMMON_PASSWORD_MESSAGE }]
        : [];
    // An alias that would pass for another member, refused with the form (no captcha spent).
    const alias = typeof body?.bidAlias === 'string' ? body.bidAlias.trim() : '';
    const othersName =
      alias !== '' && (await aliasIsOthersUsername(infra.db, alias, ''))
        ? [{ field: 'bidAlias', message: MESSAGES.bidAliasIsUsername }]
        : [];
    const form = parseForm(signupSchema({ now, variant: 'main' }), body, MESSAGES.invalidForm, [
      ...common,
      ...othersName,
    ]);
    const captcha = parseForm(captchaFields, body);
    if (!(await solveCaptcha(infra.db, captcha.captchaId, captcha.captchaAnswer))) {
      return refuseWrongCaptcha(ctx);
    }

    const userId = randomUUID();
    const passwordHash = await hashPassword(form.password);
    const taken = await claimIdentities(infra.db, userId, identitiesOf(form));
    const first = (['username', 'email', 'phone'] as const).find((kind) => taken.includes(kind));
    if (first) {
      const answer = TAKEN[first];
      return refuse(ctx, answer.status, answer.msg, {
        ...answer.flags,
        ...(first === 'username' ? { code: 'USER_ALREADY_EXISTS' } : {}),
        errors: [{ field: first, message: answer.msg }],
      });
    }

    const metadata = commandMetadata(ctx, memberActor(userId));
    try {
      // AccountRegistered takes the command's event id: its message secret is keyed by it.
      await storeMessageSecret(
        infra.db,
        metadata.eventId,
        await verificationLink(infra, userId, now),
        new Date(now.getTime() + LIMITS.verificationEmailSendWithinHours * 3_600_000),
      );
      await execute(infra, {
        streamId: accountStream(userId),
        decider: accountDecider,
        command: {
          type: 'RegisterAccount',
          metadata,
          data: {
            userId,
            username: form.username,
            email: form.email,
            phone: form.phone,
            phoneCode: form.phoneCode,
            firstname: form.firstname,
            lastname: form.lastname,
            bidAlias: form.bidAlias,
            gender: form.gender,
            dob: form.dob,
            country: form.country,
            passwordHash,
            termsAccepted: form.termsOfServicesCheckBox,
          },
        },
      });
    } catch (error) {
      await releaseIdentities(infra.db, userId);
      await dropMessageSecret(infra.db, metadata.eventId);
      throw error;
    }
    const validationJWT = await signPurposeToken(
      infra.config.JWT_SECRET,
      'accountValidation',
      userId,
      now,
    );
    ctx.body = {
      ...success({ userId, username: form.username, validationJWT }, MESSAGES.emailSent),
      existingUser: false,
    };
  });

  router.get('/api/auth/emailValidate', async (ctx) => {
    const { user_id: q } = parseForm(emailValidateQuery, ctx.query);
    let userId: string;
    try {
      userId = await verifyPurposeToken(
        infra.config.JWT_SECRET,
        'emailVerification',
        q,
        new Date(),
      );
    } catch (error) {
      if (!(error instanceof PurposeTokenError)) throw error;
      const expired = error.reason === 'expired';
      throw new ApiError(
        400,
        expired ? EMAIL_LINK_EXPIRED : EMAIL_LINK_INVALID,
        expired ? 'EMAIL_LINK_EXPIRED' : 'EMAIL_LINK_INVALID',
        { emailValidated: false },
      );
    }
    await execute(infra, {
      streamId: accountStream(userId),
      decider: accountDecider,
      command: {
        type: 'VerifyEmail',
        data: {},
        metadata: commandMetadata(ctx, memberActor(userId)),
      },
    });
    const state = await loadAccount(infra.store, userId);
    // mobileValidated: a link opened again once both are verified leads on to the login, not the OTP.
    ctx.body = success({
      emailValidated: emailValidated(state),
      mobileValidated: mobileValidated(state),
      username: state.username,
    });
  });

  router.post('/api/auth/resendEmail', validationAuth(infra), async (ctx) => {
    const { username } = parseForm(resendEmailBody, ctx.request.body);
    const userId = assertSameAccount(ctx, await findUserIdByLogin(infra.db, username));
    await limitRate(ctx, infra, RATE_LIMITS.resend, [`user:${userId}`]);
    await limitRate(ctx, infra, PER_IP_LIMITS.resend, [`ip:${ctx.ip}`]);
    const state = await loadAccount(infra.store, userId);
    if (status(state) === 'blocked') throw new DomainError('ACCOUNT_BLOCKED');
    if (emailValidated(state)) {
      return refuse(ctx, 409, EMAIL_ALREADY_VERIFIED, { code: 'EMAIL_ALREADY_VERIFIED' });
    }
    const now = new Date();
    const metadata = commandMetadata(ctx, memberActor(userId));
    await storeMessageSecret(
      infra.db,
      metadata.eventId,
      await verificationLink(infra, userId, now),
      new Date(now.getTime() + LIMITS.verificationEmailSendWithinHours * 3_600_000),
    );
    let triesLeft: number;
    try {
      await execute(infra, {
        streamId: verificationMailStream(userId),
        decider: verificationMailDecider,
        command: { type: 'ResendVerificationEmail', data: { userId }, metadata },
      });
      const sent = (await infra.store.readStream(verificationMailStream(userId))).reduce(
        (s, event) => verificationMailDecider.evolve(s, event as never),
        verificationMailDecider.initialState(),
      );
      triesLeft = emailResendsLeft(sent, metadata.now);
    } catch (error) {
      await dropMessageSecret(infra.db, metadata.eventId);
      if (error instanceof DomainError && error.code === 'EMAIL_RESEND_DAILY_LIMIT') {
        return refuse(ctx, 429, MESSAGES.dailyLimitServer, {
          data: { triesLeft: 0 },
          errors: [{ field: 'username', message: MESSAGES.dailyLimitServer }],
          code: error.code,
        });
      }
      throw error;
    }
    ctx.body = success({ triesLeft }, MESSAGES.emailSent);
  });
}
