import { describe, expect, it } from 'vitest';
import { deadlineHasCome } from './finalCallDeadline.ts';

describe('a final call’s deadline', () => {
  const deadline = '2024-05-01T10:00:05.000Z';
  const at = Date.parse(deadline);

  it('has not come a millisecond before, and has from its own instant on', () => {
    expect(deadlineHasCome(deadline, at - 1)).toBe(false);
    expect(deadlineHasCome(deadline, at)).toBe(true);
    expect(deadlineHasCome(deadline, at + 60_000)).toBe(true);
  });

  it('never comes when there is none, or none that reads as a time', () => {
    for (const none of [null, undefined, '', 'soon']) expect(deadlineHasCome(none, at)).toBe(false);
    expect(deadlineHasCome(deadline, Number.NaN)).toBe(false);
  });
});
