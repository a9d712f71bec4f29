/** A JSON object (not null, not an array): what the api's answers are read field by field from. */
export const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
