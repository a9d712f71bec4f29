import { z } from 'zod';
import { describe, expect, it } from 'vitest';
import { parseInput, ValidationError } from './errors.ts';

const refusal = (schema: z.ZodType, input: unknown): ValidationError => {
  try {
    parseInput(schema, input);
  } catch (error) {
    if (error instanceof ValidationError) return error;
  }
  throw new Error('parseInput accepted the input');
};

describe('an input refused without a message of its own', () => {
  it('names its field in a sentence, not in zod’s words', () => {
    expect(
      refusal(z.object({ item_id: z.string().max(200) }), { item_id: 'x'.repeat(201) }).message,
    ).toBe('item_id can have at most 200 characters');
    expect(refusal(z.object({ page: z.coerce.number().int() }), { page: 'abc' }).message).toBe(
      'page must be a number',
    );
    expect(
      refusal(z.object({ finalCallDateTime: z.string() }), { finalCallDateTime: 5 }).message,
    ).toBe('finalCallDateTime is not valid');
    expect(refusal(z.object({ q: z.string() }), {}).message).toBe('q is required');
    expect(refusal(z.object({ page: z.number().min(0) }), { page: -1 }).message).toBe(
      'page must be at least 0',
    );
  });

  it('keeps the message a schema gives', () => {
    expect(
      refusal(
        z.object({ phone: z.string().regex(/^\d{10}$/, 'Please provide a valid Mobile Number') }),
        { phone: '1' },
      ).message,
    ).toBe('Please provide a valid Mobile Number');
  });
});
