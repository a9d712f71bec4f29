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
