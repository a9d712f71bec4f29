import { describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { MESSAGES } from '@boli/engine/shared/messages';
import { ApiError } from '../../../app/api/client.ts';
import { signupMachine, type SignupResult, type SignupValues } from './signup.machine.ts';

const NOW = new Date('2026-11-21T10:00:00Z');

const VALID: SignupValues = {
  email: 'asha@example.in',
  username: 'asha01',
  password: 'secret-pass',
  confirmPassword: 'secret-pass',
  firstname: 'Asha',
  lastname: 'Rao',
  phone: '9876543210',
  phoneCode: '+91',
  country: 'India',
  bidAlias: 'bluekite',
  gender: 'Female',
  dob: '1990-04-12',
  termsOfServicesCheckBox: true,
  captchaId: 'c1',
  captchaAnswer: '12',
};

const RESULT: SignupResult = { userId: 'u1', username: 'asha01', validationJWT: 'v.jwt' };

function start(
  signup: (values: SignupValues) => Promise<SignupResult> = async () => RESULT,
  checkCaptcha: () => Promise<void> = async () => undefined,
) {
  const actor = createActor(
    signupMachine.provide({
      actors: {
        signup: fromPromise(({ input }) => signup(input)),
        checkCaptcha: fromPromise(() => checkCaptcha()),
      },
    }),
    { input: { now: () => NOW } },
  );
  actor.start();
  return actor;
}

describe('the register form', () => {
  it('opens the confirm dialog for valid details, and signs up on Confirm', async () => {
    const signup = vi.fn(async () => RESULT);
    const actor = start(signup);
    actor.send({ type: 'SUBMIT', values: VALID });
    // The captcha is checked first: the dialog opens once it is right.
    expect(actor.getSnapshot().value).toBe('checkingCaptcha');
    await waitFor(actor, (s) => s.value === 'confirming');
    actor.send({ type: 'CONFIRM' });
    expect(actor.getSnapshot().value).toBe('submitting');
    await waitFor(actor, (s) => s.status === 'done');
    expect(signup).toHaveBeenCalledWith(VALID);
    expect(actor.getSnapshot().context.result).toEqual(RESULT);
  });

  it('goes Back from the confirm dialog to the form without signing up', async () => {
    const signup = vi.fn(async () => RESULT);
    const actor = start(signup);
    actor.send({ type: 'SUBMIT', values: VALID });
    await waitFor(actor, (s) => s.value === 'confirming');
    actor.send({ type: 'BACK' });
    expect(actor.getSnapshot().value).toBe('editing');
    expect(signup).not.toHaveBeenCalled();
  });

  it('keeps the form open with the shared rules’ messages next to each field', () => {
    const actor = start();
    actor.send({
      type: 'SUBMIT',
      values: {
        ...VALID,
        firstname: '',
        bidAlias: 'asha99',
        phone: '98765x',
        confirmPassword: 'other',
        gender: '',
        termsOfServicesCheckBox: false,
      },
    });
    const { value, context } = actor.getSnapshot();
    expect(value).toBe('editing');
    expect(context.formError).toBe(MESSAGES.invalidForm);
    expect(context.fieldErrors).toMatchObject({
      firstname: [MESSAGES.cannotBeBlank],
      bidAlias: [MESSAGES.bidAliasContainsUsername],
      phone: [MESSAGES.digitsOnly, MESSAGES.invalidMobile],
      confirmPassword: [MESSAGES.confirmationMismatch],
      gender: [MESSAGES.invalidGender],
      termsOfServicesCheckBox: [MESSAGES.agreeToTermsToMoveForward],
    });
    expect(context.fieldErrors.email).toBeUndefined();
  });

  it('counts each refusal, even one with the same message, so the screen can answer each', () => {
    const actor = start();
    actor.send({ type: 'SUBMIT', values: { ...VALID, firstname: '' } });
    actor.send({ type: 'SUBMIT', values: { ...VALID, firstname: '' } });
    expect(actor.getSnapshot().context.refusals).toBe(2);
    actor.send({ type: 'SUBMIT', values: VALID });
    expect(actor.getSnapshot().context.refusals).toBe(2);
  });

  it('forgets a field’s error once the field is edited', () => {
    const actor = start();
    actor.send({ type: 'SUBMIT', values: { ...VALID, firstname: '' } });
    actor.send({ type: 'FIELD.EDITED', field: 'firstname' });
    expect(actor.getSnapshot().context.fieldErrors.firstname).toBeUndefined();
  });
});

describe('a refused sign-up', () => {
  const refusedWith = async (error: ApiError) => {
    const actor = start(async () => {
      throw error;
    });
    actor.send({ type: 'SUBMIT', values: VALID });
    await waitFor(actor, (s) => s.value === 'confirming');
    actor.send({ type: 'CONFIRM' });
    await waitFor(actor, (s) => s.value === 'failed');
    return actor;
  };

  it.each([
    [{ existingUser: true, code: 'USER_ALREADY_EXISTS' }, MESSAGES.alreadySignedUp],
    [{ existingUser: true, isEmailExist: true }, MESSAGES.emailExists],
    [{ existingUser: true, isMobileExist: true }, MESSAGES.phoneExists],
  ])('answered %o shows %s', async (body, message) => {
    const actor = await refusedWith(new ApiError(409, 'x', [], null, body));
    expect(actor.getSnapshot().context.formError).toBe(message);
  });

  it.each([
    ['username', { existingUser: true, code: 'USER_ALREADY_EXISTS' }, MESSAGES.alreadySignedUp],
    ['email', { existingUser: false, isEmailExist: true }, MESSAGES.emailExists],
    ['phone', { existingUser: false, isMobileExist: true }, MESSAGES.phoneExists],
  ] as const)(
    'marks the %s field a 409 names, beside the form message',
    async (field, body, msg) => {
      const actor = await refusedWith(
        new ApiError(409, msg, [{ field, message: msg }], null, {
          ...body,
          errors: [{ field, message: msg }],
        }),
      );
      expect(actor.getSnapshot().context).toEqual(
        expect.objectContaining({ fieldErrors: { [field]: [msg] }, formError: msg }),
      );
    },
  );

  it('puts the server’s field errors next to their fields', async () => {
    const common = 'This password is too common. Please choose another.';
    const actor = await refusedWith(
      new ApiError(400, MESSAGES.invalidForm, [{ field: 'password', message: common }]),
    );
    expect(actor.getSnapshot().context).toMatchObject({
      fieldErrors: { password: [common] },
      formError: MESSAGES.invalidForm,
    });
  });

  it('shows a wrong captcha answer, and may be submitted again', async () => {
    const actor = await refusedWith(new ApiError(400, 'Wrong captcha answer.'));
    expect(actor.getSnapshot().context.formError).toBe('Wrong captcha answer.');
    actor.send({ type: 'SUBMIT', values: { ...VALID, captchaAnswer: '13' } });
    await waitFor(actor, (s) => s.value === 'confirming');
  });

  it('refuses a wrong captcha answer before the confirm dialog, not after it', async () => {
    const signup = vi.fn(async () => RESULT);
    const actor = start(signup, async () => {
      throw new ApiError(400, 'Wrong captcha answer.', [
        { field: 'captchaAnswer', message: 'Wrong captcha answer.' },
      ]);
    });
    actor.send({ type: 'SUBMIT', values: VALID });
    await waitFor(actor, (s) => s.value === 'failed');
    expect(actor.getSnapshot().context.fieldErrors.captchaAnswer).toEqual([
      'Wrong captcha answer.',
    ]);
    expect(signup).not.toHaveBeenCalled();
  });

  it('shows the generic message when the call itself fails', async () => {
    const actor = await refusedWith(new ApiError(0, ''));
    expect(actor.getSnapshot().context.formError).toBe(MESSAGES.generic);
    expect(actor.getSnapshot().context.refusals).toBe(1);
  });
});
