/** A member as GET /api/user (and /api/user/id, /api/user/name) answers it: see docs/api/accounts.md. */
export type Member = Record<string, unknown>;

export const isMember = (value: unknown): value is Member =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** A field as text: strings as they are, numbers written out, anything else ''. */
export const fieldText = (member: Member, field: string): string => {
  const value = member[field];
  if (typeof value === 'string') return value;
  if (typeof value === 'number') return String(value);
  if (isMember(value) && typeof value.name === 'string') return value.name;
  return '';
};

export type Link = { title: string; url: string };

export const memberLinks = (member: Member): Link[] =>
  Array.isArray(member.links)
    ? member.links.filter(isMember).map((link) => ({
        title: typeof link.title === 'string' ? link.title : '',
        url: typeof link.url === 'string' ? link.url : '',
      }))
    : [];

export const CASTING_FIELDS: [field: string, label: string][] = [
  ['industry', 'Industry'],
  ['mainrole', 'Main role'],
  ['otherroles', 'Other roles'],
  ['managerName', 'Manager name'],
  ['managerMobile', 'Manager mobile'],
  ['height', 'Height'],
  ['weight', 'Weight'],
  ['chest', 'Chest'],
  ['waist', 'Waist'],
  ['hips', 'Hips'],
  ['passport', 'Passport'],
];
