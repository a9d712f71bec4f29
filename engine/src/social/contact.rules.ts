import { CONTACT_SUBJECTS, LIMITS } from '../shared/limits.ts';
import { MESSAGES } from '../shared/messages.ts';
import { characterCount, isBlank } from '../shared/characters.ts';
import type { FieldError } from '../shared/decider.ts';
import { isValidEmail } from '../accounts/account.rules.ts';
import { isOneOf } from '../shared/oneOf.ts';

/*
 * Section 5's contact form rules, pure, shared by the form (which shows them as you type) and the
 * decider (which refuses a message that breaks them).
 */

export type ContactSubject = (typeof CONTACT_SUBJECTS)[number];

export const CONTACT_FIELDS = [
  'country',
  'firstname',
  'lastname',
  'email',
  'mobile',
  'description',
  'subject',
] as const;
export type ContactField = (typeof CONTACT_FIELDS)[number];

export type ContactForm = Readonly<Record<ContactField, string>>;

export type ContactErrors = Partial<Record<ContactField, string>>;

export const isContactSubject = (value: string): value is ContactSubject =>
  isOneOf(CONTACT_SUBJECTS, value);

/** What is wrong with each filled-in field (an empty one is reported by `contactSummary`). */
export function contactFieldErrors(form: ContactForm): ContactErrors {
  const errors: ContactErrors = {};
  const longer = (field: ContactField, max: number) => characterCount(form[field].trim()) > max;
  if (longer('country', LIMITS.contactTextMax)) errors.country = MESSAGES.max100;
  if (longer('firstname', LIMITS.firstLastNameMax)) errors.firstname = MESSAGES.max20;
  if (longer('lastname', LIMITS.firstLastNameMax)) errors.lastname = MESSAGES.max20;
  // An address sign-up takes (up to LIMITS.emailMaxCharacters) is one support can answer.
  const email = form.email.trim();
  if (email !== '' && !isValidEmail(email)) errors.email = MESSAGES.invalidEmail;
  const mobile = form.mobile.trim();
  if (mobile !== '' && !/^\d*$/.test(mobile)) errors.mobile = MESSAGES.digitsOnly;
  else if (mobile.length > LIMITS.contactMobileMaxDigits)
    errors.mobile = MESSAGES.contactMobileTooLong;
  if (characterCount(form.description.trim()) >= LIMITS.descriptionMaxExclusive)
    errors.description = MESSAGES.contactDescriptionTooLong;
  const subject = form.subject.trim();
  if (subject !== '' && !isContactSubject(subject)) errors.subject = MESSAGES.contactSubjectInvalid;
  return errors;
}

/**
 * Each field's problem, in the form's order, as other forms' refusals list theirs: an empty field
 * 'Please enter all details.', any other its own message.
 */
export const contactErrorList = (form: ContactForm): FieldError[] => {
  const errors = contactFieldErrors(form);
  return CONTACT_FIELDS.flatMap((field) => {
    const message = isBlank(form[field]) ? MESSAGES.contactAllDetails : errors[field];
    return message === undefined ? [] : [{ field, message }];
  });
};

export const missingContactFields = (form: ContactForm): ContactField[] =>
  CONTACT_FIELDS.filter((field) => isBlank(form[field]));

/**
 * The one message the form answers with: any empty field → 'Please enter all details.'; one field
 * wrong → its problem ('Description must be below 150 characters.'); several → 'Please provide
 * valid details in the form.', each field's own under it (one field's message alone, "maximum 20
 * characters allowed", would not say which); undefined when all is well.
 */
export function contactSummary(form: ContactForm): string | undefined {
  if (missingContactFields(form).length > 0) return MESSAGES.contactAllDetails;
  const problems = Object.values(contactFieldErrors(form)).filter((p) => p !== undefined);
  if (problems.length > 1) return MESSAGES.invalidForm;
  return problems[0];
}

/** The form as it is stored: trimmed. */
export const normalizeContactForm = (form: ContactForm): ContactForm =>
  Object.fromEntries(CONTACT_FIELDS.map((field) => [field, form[field].trim()])) as ContactForm;
