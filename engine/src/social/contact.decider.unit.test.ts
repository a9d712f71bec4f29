import { describe, expect, it } from 'vitest';
import { LIMITS } from '../shared/limits.ts';
import { MESSAGES } from '../shared/messages.ts';
import { DeciderSpecification } from '../shared/testing/deciderSpecification.ts';
import type { MarkContactMessage, SendContactMessage } from './contact.commands.ts';
import { contactDecider } from './contact.decider.ts';
import type { ContactMessageHandled, ContactMessageReceived } from './contact.events.ts';
import { CONTACT_FIELDS, contactSummary, type ContactForm } from './contact.rules.ts';
import { T0, metadata } from './social.fixtures.ts';

const given = DeciderSpecification.for(contactDecider);

const form: ContactForm = {
  country: 'India',
  firstname: 'Asha',
  lastname: 'Kulkarni',
  email: 'asha@example.in',
  mobile: '9876543210',
  description: 'My bid on the Activa ad does not show.',
  subject: 'Complaint',
};

const send = (changes: Partial<ContactForm> = {}, sentBy: string | null = null) =>
  ({
    type: 'SendContactMessage',
    data: { ...form, ...changes, messageId: 'm-1', sentBy },
    metadata: metadata(T0),
  }) satisfies SendContactMessage;

const received = (
  changes: Partial<ContactMessageReceived['data']> = {},
): ContactMessageReceived => ({
  type: 'ContactMessageReceived',
  data: {
    ...form,
    subject: 'Complaint',
    messageId: 'm-1',
    sentBy: null,
    receivedAt: T0,
    ...changes,
  },
});

describe('a contact message', () => {
  it('is received with its fields trimmed, from a guest or a member', () => {
    given([])
      .when(send({ firstname: ' Asha ', email: ' asha@example.in' }))
      .then(received());
    given([])
      .when(send({}, 'u-asha'))
      .then(received({ sentBy: 'u-asha' }));
  });

  it('is received once when the same message is sent again', () => {
    given(received()).when(send()).thenNothingHappened();
  });

  it.each(CONTACT_FIELDS)('is refused without its %s: “Please enter all details.”', (field) => {
    given([])
      .when(send({ [field]: '  ' }))
      .thenThrows('CONTACT_MESSAGE_INVALID', {
        message: MESSAGES.contactAllDetails,
        details: { missing: [field] },
      });
  });

  it.each([
    ['email', 'asha@', MESSAGES.invalidEmail],
    ['mobile', '98765-4321', MESSAGES.digitsOnly],
    ['mobile', '98765432101', MESSAGES.contactMobileTooLong],
    ['description', 'x'.repeat(150), MESSAGES.contactDescriptionTooLong],
    ['subject', 'Refund', MESSAGES.contactSubjectInvalid],
    ['firstname', 'A'.repeat(21), MESSAGES.max20],
    ['lastname', 'K'.repeat(21), MESSAGES.max20],
    ['country', 'C'.repeat(101), MESSAGES.max100],
    // Longer than sign-up takes (LIMITS.emailMaxCharacters).
    ['email', `${'a'.repeat(LIMITS.emailMaxCharacters)}@example.in`, MESSAGES.invalidEmail],
  ] as const)('is refused when %s is %j', (field, value, message) => {
    given([])
      .when(send({ [field]: value }))
      .thenThrows('CONTACT_MESSAGE_INVALID', {
        message,
        details: { errors: [{ field, message }] },
      });
  });

  it('takes any address sign-up takes, however long', () => {
    const email = `${'a'.repeat(LIMITS.emailMaxCharacters - 'x@example.in'.length)}x@example.in`;
    given([]).when(send({ email })).then(received({ email }));
  });

  it('takes names of 20 characters', () => {
    const names = { firstname: 'A'.repeat(20), lastname: 'K'.repeat(20) };
    given([]).when(send(names)).then(received(names));
  });

  it('takes a mobile of fewer than 10 digits and a description of 149 characters', () => {
    given([])
      .when(send({ mobile: '12345', description: 'y'.repeat(149) }))
      .then(received({ mobile: '12345', description: 'y'.repeat(149) }));
  });

  it('accepts each of the four subjects', () => {
    for (const subject of ['Feedback', 'Complaint', 'Inquiry', 'Customer care'])
      expect(contactSummary({ ...form, subject })).toBeUndefined();
  });

  it('sums up one wrong field by its own message, several by the form’s', () => {
    const longDescription = 'y'.repeat(LIMITS.descriptionMaxExclusive);
    expect(contactSummary({ ...form, description: longDescription })).toBe(
      MESSAGES.contactDescriptionTooLong,
    );
    // One field's message alone ("maximum 20 characters allowed") would not say which is wrong.
    expect(contactSummary({ ...form, firstname: 'A'.repeat(40), email: 'not-an-email' })).toBe(
      MESSAGES.invalidForm,
    );
    // An empty field outweighs the rest: 'Please enter all details.'
    expect(contactSummary({ ...form, firstname: 'A'.repeat(40), lastname: ' ' })).toBe(
      MESSAGES.contactAllDetails,
    );
  });
});

describe('support marking a contact message', () => {
  const mark = (handled: boolean, now = T0) =>
    ({
      type: 'MarkContactMessage',
      data: { staffId: 'u-support', handled },
      metadata: metadata(now),
    }) satisfies MarkContactMessage;
  const handled: ContactMessageHandled = {
    type: 'ContactMessageHandled',
    data: { messageId: 'm-1', handledBy: 'u-support', handledAt: T0 },
  };

  it('marks a received message handled, and open again', () => {
    given(received()).when(mark(true)).then(handled);
    given([received(), handled])
      .when(mark(false))
      .then({
        type: 'ContactMessageReopened',
        data: { messageId: 'm-1', reopenedBy: 'u-support', reopenedAt: T0 },
      });
  });

  it('changes nothing when the message already is as asked, as when two staff mark it at once', () => {
    given(received()).when(mark(false)).thenNothingHappened();
    given([received(), handled]).when(mark(true)).thenNothingHappened();
  });

  it('is refused for a message never received', () => {
    given([]).when(mark(true)).thenThrows('CONTACT_MESSAGE_NOT_FOUND');
  });
});
