import { assertNever, DomainError, type Decider } from '../shared/decider.ts';
import type { ContactCommand, SendContactMessage } from './contact.commands.ts';
import type { ContactEvent } from './contact.events.ts';
import {
  CONTACT_FIELDS,
  contactFieldErrors,
  contactSummary,
  isContactSubject,
  missingContactFields,
  normalizeContactForm,
  type ContactForm,
} from './contact.rules.ts';

export type ContactErrorCode = 'CONTACT_MESSAGE_INVALID';

export type ContactState = { readonly received: boolean };

const initialState = (): ContactState => ({ received: false });

const evolve = (_state: ContactState, event: ContactEvent): ContactState => {
  switch (event.type) {
    case 'ContactMessageReceived':
      return { received: true };
    default:
      return assertNever(event.type);
  }
};

const send = ({ data, metadata }: SendContactMessage, state: ContactState): ContactEvent[] => {
  // The same message id again is a retry of a message already received.
  if (state.received) return [];
  const form = Object.fromEntries(
    CONTACT_FIELDS.map((field) => [field, data[field]]),
  ) as ContactForm;
  const summary = contactSummary(form);
  const clean = normalizeContactForm(form);
  if (summary !== undefined || !isContactSubject(clean.subject)) {
    throw new DomainError(
      'CONTACT_MESSAGE_INVALID',
      { missing: missingContactFields(form), errors: contactFieldErrors(form) },
      summary,
    );
  }
  return [
    {
      type: 'ContactMessageReceived',
      data: {
        ...clean,
        subject: clean.subject,
        messageId: data.messageId,
        sentBy: data.sentBy,
        receivedAt: metadata.now,
      },
    },
  ];
};

const decide = (command: ContactCommand, state: ContactState): ContactEvent[] => {
  switch (command.type) {
    case 'SendContactMessage':
      return send(command, state);
    default:
      return assertNever(command.type);
  }
};

export const contactDecider: Decider<ContactState, ContactCommand, ContactEvent> = {
  initialState,
  evolve,
  decide,
};
