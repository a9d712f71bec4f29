/**
 * Whether `value` is one of `list`'s members, narrowing it to their type: a `const` list's
 * `includes` takes only its own members, so a string from outside (a query, a file's name, an
 * event's type) would otherwise be cast at every check.
 */
export const isOneOf = <T extends string>(list: readonly T[], value: string): value is T =>
  (list as readonly string[]).includes(value);
