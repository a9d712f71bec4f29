import { z } from 'zod';
import { PRIVACY_SETTINGS } from '@boli/engine/accounts/account.events';
import { LIMITS } from '@boli/engine/shared/limits';
import { pageNumber } from '../../http/pageNumbers.ts';

/*
 * The users calls' queries and bodies (docs/api/accounts.md). The edit-profile body is checked by
 * the engine's `editProfileSchema`, so the form and the api word every message alike.
 */

const required = (name: string) =>
  z
    .string({ error: `${name} is required` })
    .trim()
    .min(1, `${name} is required`);

/** A zero-based page number from the query string; anything unreadable is the first page. */
const page = pageNumber(0).catch(0);

export const userIdQuery = z.object({ user_id: required('user_id') });
export const userNameQuery = z.object({ user_name: required('user_name') });

/** Shorter keys are not an error: they simply find nobody (the box starts at 3 characters). */
export const searchUserQuery = z.object({
  key: z.string().catch('').default(''),
  page: page.default(LIMITS.userSearch.firstPage),
  limit: z.coerce
    .number()
    .int()
    .min(1)
    .max(LIMITS.userSearch.limit)
    .catch(LIMITS.userSearch.limit)
    .default(LIMITS.userSearch.limit),
});
export type SearchUserQuery = z.infer<typeof searchUserQuery>;

export const memberPageQuery = z.object({ page: page.default(0) });

/** The setting that says whether the member is mailed notices (ours, beside the spec's three). */
export const EMAIL_NOTICES_SETTING = 'emailNotices';

/** POST /api/user/changeSetting: a JSON boolean, or 'true'/'false' from a form. */
export const changeSettingBody = z.object({
  key: z.enum([...PRIVACY_SETTINGS, EMAIL_NOTICES_SETTING], {
    error: 'Please choose showMobileNumber, showEmail, showAddress or emailNotices',
  }),
  value: z.union([z.boolean(), z.enum(['true', 'false']).transform((value) => value === 'true')], {
    error: 'value must be true or false',
  }),
});
export type ChangeSettingBody = z.infer<typeof changeSettingBody>;
