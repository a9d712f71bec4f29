/** What the shell needs of the logged-in user's detail (GET /api/user answers all of it). */
import { isRecord } from '../../lib/records.ts';
export type SessionUser = {
  _id: string;
  username: string;
  mobileValidated: boolean;
  emailValidated: boolean;
  profilepic?: string;
  roles?: string[];
  /** The alias bids go under unless another is typed; the bid form starts with it. */
  bidAlias?: string;
};

/** The user detail from an answer's data, or null when it is not one. */
export function parseSessionUser(data: unknown): SessionUser | null {
  // Sign-in answers carry the detail as userDetail; /api/user answers it as data itself.
  const detail = isRecord(data) && isRecord(data.userDetail) ? data.userDetail : data;
  if (!isRecord(detail)) return null;
  const { _id, username, mobileValidated, emailValidated, profilepic, roles, bidAlias } = detail;
  if ((typeof _id !== 'string' && typeof _id !== 'number') || typeof username !== 'string')
    return null;
  return {
    _id: String(_id),
    username,
    mobileValidated: mobileValidated === true,
    emailValidated: emailValidated === true,
    ...(typeof profilepic === 'string' && profilepic ? { profilepic } : {}),
    ...(typeof bidAlias === 'string' && bidAlias ? { bidAlias } : {}),
    ...(Array.isArray(roles)
      ? { roles: roles.filter((role): role is string => typeof role === 'string') }
      : {}),
  };
}
