/*
 * The words of the account messages. Pure: the projection fills them with the recipient and the
 * secret (an OTP code or a link) that the api kept outside the event log, or (a notice that the
 * password changed, which carries no secret) the time the event says.
 */

import { istDateTime } from '../social/notifications.messages.ts';

export type MessageChannel = 'email' | 'sms';

export type MessageKind = 'verifyEmail' | 'otp' | 'signInOtp' | 'passwordReset';

export type RenderedMessage = {
  readonly channel: MessageChannel;
  readonly subject: string;
  readonly text: string;
};

export function renderMessage(
  kind: MessageKind,
  secret: string,
  recipient: { readonly firstname: string },
): RenderedMessage {
  const hello = recipient.firstname ? `Hello ${recipient.firstname},` : 'Hello,';
  switch (kind) {
    case 'verifyEmail':
      return {
        channel: 'email',
        subject: 'Verify your email address',
        text: `${hello}\n\nPlease verify your email address for Boli by opening this link:\n${secret}\n\nIf you did not sign up, ignore this email.`,
      };
    case 'otp':
      return {
        channel: 'sms',
        subject: '',
        text: `${secret} is your Boli verification code. It is valid for 10 minutes. Do not share it with anyone.`,
      };
    case 'signInOtp':
      // Anyone may type a member's username: one who did not is told it is no danger.
      return {
        channel: 'sms',
        subject: '',
        text: `${secret} is your Boli login code. It is valid for 10 minutes. Do not share it with anyone. If you did not try to log in, ignore it: your account is safe.`,
      };
    case 'passwordReset':
      return {
        channel: 'email',
        subject: 'Reset your password',
        text: `${hello}\n\nTo choose a new Boli password, open this link within the next hour:\n${secret}\n\nIf you did not ask for this, ignore this email; your password stays as it is.`,
      };
    default: {
      const unknown: never = kind;
      throw new Error(`Unknown message kind ${String(unknown)}`);
    }
  }
}

export const PASSWORD_CHANGED_KIND = 'passwordChanged';

/**
 * Not the spec's: the email that tells a member their password was changed or reset, so that one
 * whose account was taken over learns it at the address the thief did not change. Says nothing of
 * the new password, and sends no link: the way back is the login page's own.
 */
export function passwordChangedNotice(
  recipient: { readonly firstname: string },
  changedAt: string,
): RenderedMessage {
  const hello = recipient.firstname ? `Hello ${recipient.firstname},` : 'Hello,';
  return {
    channel: 'email',
    subject: 'Your Boli password was changed',
    text:
      `${hello}\n\nThe password of your Boli account was changed on ${istDateTime(changedAt)} IST. ` +
      `Other devices signed in to the account were signed out.\n\nIf this was you, there is ` +
      `nothing to do. If it was not, choose a new password at once with "Forgot password" on ` +
      `Boli's login page, and write to us through Contact Us.`,
  };
}
