/** A message to a person, by email or SMS. `id` makes delivery idempotent at the provider. */
export type OutboundMessage = {
  id: string;
  channel: 'email' | 'sms';
  to: string;
  subject: string;
  text: string;
};

/** Where messages leave the system: SMTP and an HTTP SMS gateway (the sandboxes in development). */
export interface MessageSender {
  send(message: OutboundMessage): Promise<{ providerId: string }>;
}
