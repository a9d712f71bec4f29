/** The spec's response envelope: every answer carries data, an error flag and msg. */
export type Envelope<T> = { data: T | null; error: boolean; msg: string; errors?: FieldError[] };

export type FieldError = { field: string; message: string };

export const success = <T>(data: T, msg = ''): Envelope<T> => ({ data, error: false, msg });

export const failure = (
  msg: string,
  errors?: FieldError[],
  data: unknown = null,
): Envelope<unknown> => ({
  data,
  error: true,
  msg,
  ...(errors ? { errors } : {}),
});
