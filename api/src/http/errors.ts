import { z } from 'zod';
import type { FieldError } from './envelope.ts';
import { inputIssueMessage } from './inputMessages.ts';

// Every schema without a message of its own answers in a sentence naming its field.
z.config({ customError: inputIssueMessage });

/** An answer the api gives on purpose: a status, the user-facing message, an optional code. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly code?: string,
    readonly data: unknown = null,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

/**
 * Bad input: each field's messages, and one summary message for the envelope's msg; a `code`
 * when a client may want to tell this refusal from others without its wording.
 */
export class ValidationError extends Error {
  constructor(
    readonly errors: FieldError[],
    summary?: string,
    readonly code?: string,
  ) {
    super(summary ?? errors[0]?.message ?? 'Invalid request');
    this.name = 'ValidationError';
  }
}

export function fieldErrors(error: z.ZodError): FieldError[] {
  return error.issues.map((issue) => ({ field: issue.path.join('.'), message: issue.message }));
}

/** zod at the boundary: the parsed value, or a ValidationError listing every problem. */
export function parseInput<S extends z.ZodType>(
  schema: S,
  input: unknown,
  summary?: string,
): z.infer<S> {
  const result = schema.safeParse(input);
  if (result.success) return result.data;
  throw new ValidationError(fieldErrors(result.error), summary);
}
