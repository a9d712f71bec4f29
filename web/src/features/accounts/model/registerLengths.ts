import { characterCount } from '@boli/engine/shared/characters';
import { LIMITS } from '@boli/engine/shared/limits';
import type { FieldErrors } from '@boli/engine/accounts/account.rules';
import {
  validateRegister,
  type RegisterField,
  type SignupValues,
} from '../machines/signup.machine.ts';

/*
 * Register says a field is too long as it is typed, not only at Sign up: a name pasted three
 * thousand letters long is told at once, in the words Sign up would use (the server's own rules,
 * `validateRegister`). Every other rule still waits for Sign up, so that a half-typed address or
 * name is not called wrong while it is being typed.
 */

/** The most letters (as seen: `characterCount`) each field of the form takes. */
const MOST: Partial<Record<RegisterField, number>> = {
  email: LIMITS.emailMaxCharacters,
  username: LIMITS.username.max,
  password: LIMITS.password.max,
  confirmPassword: LIMITS.password.max,
  firstname: LIMITS.firstLastNameMax,
  lastname: LIMITS.firstLastNameMax,
  bidAlias: LIMITS.bidAlias.max,
};

/** The Sign up refusals of the fields typed past their most letters; none for the others. */
export function tooLongAsTyped(values: SignupValues, now: Date): FieldErrors<RegisterField> {
  const over = (Object.keys(MOST) as RegisterField[]).filter(
    (field) => characterCount(String(values[field]).trim()) > MOST[field]!,
  );
  if (over.length === 0) return {};
  const errors = validateRegister(values, now);
  return Object.fromEntries(
    over.filter((field) => errors[field] !== undefined).map((field) => [field, errors[field]]),
  ) as FieldErrors<RegisterField>;
}
