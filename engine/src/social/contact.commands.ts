import type { Command } from '../shared/decider.ts';
import type { ContactForm } from './contact.rules.ts';

export type SendContactMessage = Command<
  'SendContactMessage',
  ContactForm & { readonly messageId: string; readonly sentBy: string | null }
>;

export type ContactCommand = SendContactMessage;
