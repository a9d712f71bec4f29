/*
 * The words of the account messages. Pure: the projection fills them with the recipient and the
 * secret (an OTP code or a link) that the api kept outside the event log.
 */

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
