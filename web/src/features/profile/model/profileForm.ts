import { parseDob, isIndia, type EditProfileInput } from '@boli/engine/accounts/account.rules';
import { ACCOUNT_MESSAGES } from '@boli/engine/accounts/account.messages';
import { isRecord } from '../../../lib/records.ts';
import { fieldText, memberLinks, type Link, type Member } from '../api/member.ts';
import { withWebScheme } from '@boli/engine/shared/webAddress';
import { isOneOf } from '@boli/engine/shared/oneOf';

/** The address's fields: one place, sent whole or not at all (`changedInput`). */
const ADDRESS_FIELDS = [
  'houseno',
  'street',
  'city',
  'country',
  'state',
  'district',
  'neighbourHood',
  'pincode',
] as const;

/** Edit profile's text fields, as the editProfile payload names them. */
export const TEXT_FIELDS = [
  'bnr',
  'firstname',
  'lastname',
  'bidAlias',
  ...ADDRESS_FIELDS,
  'gender',
  'education',
  'industry',
  'managerName',
  'managerMobile',
  'mainrole',
  'otherroles',
  'weight',
  'height',
  'passport',
  'waist',
  'hips',
  'chest',
] as const;
export type FormField = (typeof TEXT_FIELDS)[number];

/** The form as typed: dob as the date input's YYYY-MM-DD, other roles as comma-separated text. */
export type ProfileForm = Record<FormField, string> & { dob: string; links: Link[] };

/** The links the form offers, filled or not. */
export const LINK_SLOTS = 4;

export function formOf(member: Member): ProfileForm {
  const form = Object.fromEntries(
    TEXT_FIELDS.map((field) => [field, fieldText(member, field)]),
  ) as Record<FormField, string>;
  if (Array.isArray(member.otherroles)) form.otherroles = member.otherroles.join(', ');
  const links = memberLinks(member).slice(0, LINK_SLOTS);
  while (links.length < LINK_SLOTS) links.push({ title: '', url: '' });
  return { ...form, dob: parseDob(fieldText(member, 'dob')) ?? '', links };
}

export function inputOf(form: ProfileForm): EditProfileInput {
  return {
    ...form,
    district: isIndia(form.country) ? form.district : '',
    otherroles: form.otherroles
      .split(',')
      .map((role) => role.trim())
      .filter(Boolean),
    links: form.links
      .filter((link) => link.title.trim() !== '' || link.url.trim() !== '')
      // An address copied without its https:// is taken as the web address it names.
      .map((link) => ({ ...link, url: withWebScheme(link.url) })),
  };
}

const isAddressField = (field: string): boolean => isOneOf(ADDRESS_FIELDS, field);

/**
 * What Save sends: only what the member changed since the form opened (`opened`). The api lays a
 * body over the profile as it then reads, so a field changed meanwhile in another tab or on
 * another device, and not touched here, is kept rather than undone by this form's older copy.
 * The address goes whole when any of it changed: a neighbourhood chosen here belongs to the
 * district shown here, not to one another device saved meanwhile.
 */
export function changedInput(opened: ProfileForm, form: ProfileForm): Partial<EditProfileInput> {
  const before: Record<string, unknown> = inputOf(opened);
  const input = Object.entries(inputOf(form));
  const changed = (field: string, value: unknown) =>
    JSON.stringify(value) !== JSON.stringify(before[field]);
  const moved = input.some(([field, value]) => isAddressField(field) && changed(field, value));
  return Object.fromEntries(
    input.filter(([field, value]) => changed(field, value) || (moved && isAddressField(field))),
  );
}

const isLink = (value: unknown): value is Link =>
  isRecord(value) && typeof value.title === 'string' && typeof value.url === 'string';

/** A stored form, or null when it is not one (stored by another version of the app). */
export function storedProfileForm(value: unknown): ProfileForm | null {
  if (!isRecord(value)) return null;
  const { links, dob } = value;
  if (typeof dob !== 'string' || !Array.isArray(links) || links.length !== LINK_SLOTS) return null;
  if (!links.every(isLink)) return null;
  if (!TEXT_FIELDS.every((field) => typeof value[field] === 'string')) return null;
  return value as ProfileForm;
}

/**
 * The form once the profile may have changed elsewhere (another tab) since `before`: the profile
 * as it now reads (`now`), with what the member changed from `before` kept over it. The links
 * are one field: changed, they are kept as typed, all four.
 */
export function rebasedProfile(
  before: ProfileForm,
  typed: ProfileForm,
  now: ProfileForm,
): ProfileForm {
  const form: ProfileForm = { ...now };
  for (const field of [...TEXT_FIELDS, 'dob'] as const) {
    if (typed[field] !== before[field]) form[field] = typed[field];
  }
  if (JSON.stringify(typed.links) !== JSON.stringify(before.links)) form.links = typed.links;
  return form;
}

/**
 * A bid alias once set stays: the api keeps it when the field comes empty (it cannot tell an
 * emptied field from one not sent). Emptied here, the form says so, rather than 'updated' with
 * the alias still there.
 */
export const removedAliasErrors = (
  opened: ProfileForm,
  form: ProfileForm,
): { bidAlias?: string[] } =>
  opened.bidAlias.trim() !== '' && form.bidAlias.trim() === ''
    ? { bidAlias: [ACCOUNT_MESSAGES.bidAliasCannotBeRemoved] }
    : {};
