import { assertNever, DomainError, type Decider } from '../shared/decider.ts';
import type { ContactCommand, MarkContactMessage, SendContactMessage } from './contact.commands.ts';
import type { ContactEvent } from './contact.events.ts';
import {
  CONTACT_FIELDS,
  contactErrorList,
  contactSummary,
  isContactSubject,
  missingContactFields,
  normalizeContactForm,
  type ContactForm,
} from './contact.rules.ts';

export type ContactErrorCode = 'CONTACT_MESSAGE_INVALID' | 'CONTACT_MESSAGE_NOT_FOUND';

/** `messageId` is null till the message is received. */
export type ContactState = { readonly messageId: string | null; readonly handled: boolean };

const initialState = (): ContactState => ({ messageId: null, handled: false });

const evolve = (state: ContactState, event: ContactEvent): ContactState => {
  switch (event.type) {
    case 'ContactMessageReceived':
      return { ...state, messageId: event.data.messageId };
    case 'ContactMessageHandled':
      return { ...state, handled: true };
    case 'ContactMessageReopened':
      return { ...state, handled: false };
    default:
      return assertNever(event);
  }
};

const send = ({ data, metadata }: SendContactMessage, state: ContactState): ContactEvent[] => {
  // The same message id again is a retry of a message already received.
  if (state.messageId !== null) return [];
  const form = Object.fromEntries(
    CONTACT_FIELDS.map((field) => [field, data[field]]),
  ) as ContactForm;
  const summary = contactSummary(form);
  const clean = normalizeContactForm(form);
  if (summary !== undefined || !isContactSubject(clean.subject)) {
    throw new DomainError(
      'CONTACT_MESSAGE_INVALID',
      { missing: missingContactFields(form), errors: contactErrorList(form) },
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

/**
 * Handled, or open again. Asking for what already holds changes nothing: two staff members
 * marking the same message at once both succeed, and it is marked once.
 */
const mark = ({ data, metadata }: MarkContactMessage, state: ContactState): ContactEvent[] => {
  const { messageId } = state;
  if (messageId === null) throw new DomainError('CONTACT_MESSAGE_NOT_FOUND');
  if (state.handled === data.handled) return [];
  return data.handled
    ? [
        {
          type: 'ContactMessageHandled',
          data: { messageId, handledBy: data.staffId, handledAt: metadata.now },
        },
      ]
    : [
        {
          type: 'ContactMessageReopened',
          data: { messageId, reopenedBy: data.staffId, reopenedAt: metadata.now },
        },
      ];
};

const decide = (command: ContactCommand, state: ContactState): ContactEvent[] => {
  switch (command.type) {
    case 'SendContactMessage':
      return send(command, state);
    case 'MarkContactMessage':
      return mark(command, state);
    default:
      return assertNever(command);
  }
};

export const contactDecider: Decider<ContactState, ContactCommand, ContactEvent> = {
  initialState,
  evolve,
  decide,
};
