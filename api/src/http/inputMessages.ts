import type { z } from 'zod';

/*
 * What a refused input is told when its schema gives no message of its own (the spec's messages
 * are given where the spec has them): a sentence naming the field, never zod's own wording
 * ('Too big: expected string to have <=200 characters', 'expected number, received NaN').
 */

type Issue = z.core.$ZodRawIssue;

const fieldOf = (issue: Issue): string => {
  const last = issue.path?.at(-1);
  return typeof last === 'string' && last !== '' ? last : 'The value';
};

const bound = (value: unknown): string => String(value);

export function inputIssueMessage(issue: Issue): string {
  const field = fieldOf(issue);
  switch (issue.code) {
    case 'invalid_type':
      if (issue.input === undefined) return `${field} is required`;
      return issue.expected === 'number' || issue.expected === 'int'
        ? `${field} must be a number`
        : `${field} is not valid`;
    case 'too_big':
      if (issue.origin === 'string')
        return `${field} can have at most ${bound(issue.maximum)} characters`;
      if (issue.origin === 'array')
        return `${field} can have at most ${bound(issue.maximum)} items`;
      return `${field} must be at most ${bound(issue.maximum)}`;
    case 'too_small':
      if (issue.origin === 'string') {
        return Number(issue.minimum) <= 1
          ? `${field} cannot be empty`
          : `${field} needs at least ${bound(issue.minimum)} characters`;
      }
      if (issue.origin === 'array') return `${field} needs at least ${bound(issue.minimum)} items`;
      return `${field} must be at least ${bound(issue.minimum)}`;
    case 'invalid_value':
      return `${field} is not one of the allowed values`;
    case 'invalid_format':
      return `${field} is not in the expected format`;
    default:
      return `${field} is not valid`;
  }
}
