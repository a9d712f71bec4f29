import nodemailer from 'nodemailer';
import type { MessageSender, OutboundMessage } from './port.ts';

/** Email over SMTP (nodemailer). In development the URL points at the project's SMTP sandbox. */
export function smtpSender(url: string, from: string): MessageSender {
  const transport = nodemailer.createTransport(url);
  return {
    async send(message: OutboundMessage) {
      const info = await transport.sendMail({
        from,
        to: message.to,
        subject: message.subject,
        text: message.text,
        messageId: `<${message.id}@boli>`,
        headers: { 'X-Boli-Message-Id': message.id },
      });
      return { providerId: info.messageId };
    },
  };
}
