import type { Command } from '../shared/decider.ts';
import type { ContactForm } from './contact.rules.ts';

export type SendContactMessage = Command<
  'SendContactMessage',
  ContactForm & { readonly messageId: string; readonly sentBy: string | null }
>;

/** Support marks a message handled (`handled: true`) or open again (`false`). */
export type MarkContactMessage = Command<
  'MarkContactMessage',
  { readonly staffId: string; readonly handled: boolean }
>;

export type ContactCommand = SendContactMessage | MarkContactMessage;
