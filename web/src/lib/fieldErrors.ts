/** Props for a MUI field showing its messages (from the shared rules or the server) under it. */
export function fieldErrorProps(messages: readonly string[] | undefined): {
  error: boolean;
  helperText?: string;
} {
  return messages && messages.length > 0
    ? { error: true, helperText: messages.join(' · ') }
    : { error: false };
}

/** The server's `errors` list as messages per field; those with no field under `form`. */
export function errorsByField(
  errors: readonly { field?: string; message: string }[],
): Record<string, string[]> {
  const byField: Record<string, string[]> = {};
  for (const { field, message } of errors) {
    const key = field || 'form';
    byField[key] = [...(byField[key] ?? []), message];
  }
  return byField;
}

/**
 * Whether clearing `field`'s messages (the member is mending it) leaves none of a refusal's marks:
 * the notice above the form ('Please provide valid details…') then has nothing left to point to.
 * A refusal with no mark on any field (a message for the whole form) is not cleared by an edit.
 */
export function lastMarkCleared(
  errors: Readonly<Record<string, readonly string[] | undefined>>,
  field: string,
): boolean {
  const marked = (name: string) => (errors[name]?.length ?? 0) > 0;
  return marked(field) && Object.keys(errors).every((name) => name === field || !marked(name));
}
