import { describe, expect, it } from 'vitest';
import { DomainError, type Command, type Decider, type DomainEvent } from '../decider.ts';
import { DeciderSpecification } from './deciderSpecification.ts';

// A counter that refuses to go above 2: just enough to show the helper passes and fails.
type Incremented = DomainEvent<'Incremented', { by: number }>;
type Increment = Command<'Increment', { by: number }>;
const counter: Decider<number, Increment, Incremented> = {
  initialState: () => 0,
  evolve: (n, event) => n + event.data.by,
  decide: (command, n) => {
    if (n + command.data.by > 2) throw new DomainError('TOO_MANY', { n }, 'Too many');
    return command.data.by === 0 ? [] : [{ type: 'Incremented', data: { by: command.data.by } }];
  },
};
const metadata = { eventId: 'e1', now: '2026-01-01T00:00:00.000Z' };
const increment = (by: number): Increment => ({ type: 'Increment', data: { by }, metadata });
const incremented = (by: number): Incremented => ({ type: 'Incremented', data: { by } });
const spec = DeciderSpecification.for(counter);

describe('DeciderSpecification', () => {
  it('folds the given events before deciding', () => {
    spec([incremented(1)])
      .when(increment(1))
      .then(incremented(1));
    spec(incremented(2))
      .when(increment(1))
      .thenThrows('TOO_MANY', { message: 'Too many', details: { n: 2 } });
    spec().when(increment(0)).thenNothingHappened();
    spec([incremented(1)])
      .when(increment(1))
      .thenState((n, events) => {
        expect(n).toBe(2);
        expect(events).toHaveLength(1);
      });
  });

  it('fails when the events differ', () => {
    expect(() => spec().when(increment(1)).then(incremented(2))).toThrow();
    expect(() => spec().when(increment(1)).thenNothingHappened()).toThrow();
  });

  it('fails when decide does not throw, or throws another code, message or details', () => {
    expect(() => spec().when(increment(1)).thenThrows('TOO_MANY')).toThrow(
      /expected DomainError TOO_MANY/,
    );
    expect(() => spec(incremented(2)).when(increment(1)).thenThrows('OTHER')).toThrow();
    expect(() =>
      spec(incremented(2)).when(increment(1)).thenThrows('TOO_MANY', { message: 'Other' }),
    ).toThrow();
    expect(() =>
      spec(incremented(2))
        .when(increment(1))
        .thenThrows('TOO_MANY', { details: { n: 3 } }),
    ).toThrow();
  });

  it('fails on an error that is not a DomainError', () => {
    const broken = {
      ...counter,
      decide: () => {
        throw new Error('boom');
      },
    };
    expect(() =>
      DeciderSpecification.for(broken)().when(increment(1)).thenThrows('boom'),
    ).toThrow();
  });
});
