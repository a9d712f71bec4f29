import { expect } from 'vitest';
import { DomainError, type Command, type DomainEvent } from '../decider.ts';

/*
 * given(events) / when(command) / then(events | error code) for any decider, after emmett's
 * `DeciderSpecification`. The state is always built by folding the given events with `evolve`,
 * so a test never reaches into state shapes it does not own.
 */

type AnyDecider<State, C extends Command, E extends DomainEvent> = {
  readonly initialState: () => State;
  readonly evolve: (state: State, event: E) => State;
  readonly decide: (command: C, state: State) => E[];
};

export type ThrowsExpectation = {
  /** The exact user-facing message the error carries. */
  readonly message?: string;
  /** A subset the error's details must contain. */
  readonly details?: Record<string, unknown>;
};

export type DeciderSpecification<State, C extends Command, E extends DomainEvent> = (
  given?: E | readonly E[],
) => {
  when: (command: C) => {
    /** Exactly these events, in this order; they must also fold back into a state. */
    then: (expected: E | readonly E[]) => void;
    /** The command is accepted and changes nothing (an idempotent repeat). */
    thenNothingHappened: () => void;
    /** A `DomainError` with this code (and, when given, this message and these details). */
    thenThrows: (code: string, expectation?: ThrowsExpectation) => void;
    /** The state after folding the produced events, for assertions on derived values. */
    thenState: (assert: (state: State, events: readonly E[]) => void) => void;
  };
};

const asList = <E>(events: E | readonly E[]): readonly E[] =>
  Array.isArray(events) ? (events as readonly E[]) : [events as E];

export const DeciderSpecification = {
  for:
    <State, C extends Command, E extends DomainEvent>(
      decider: AnyDecider<State, C, E>,
    ): DeciderSpecification<State, C, E> =>
    (given = []) => ({
      when: (command) => {
        const stateBefore = (): State =>
          asList(given).reduce(decider.evolve, decider.initialState());
        const handle = () => {
          const before = stateBefore();
          const events = decider.decide(command, before);
          return { events, after: events.reduce(decider.evolve, before) };
        };
        return {
          then: (expected) => {
            expect(handle().events).toEqual(asList(expected));
          },
          thenNothingHappened: () => {
            expect(handle().events).toEqual([]);
          },
          thenThrows: (code, expectation = {}) => {
            let outcome: { events: E[] } | undefined;
            let thrown: unknown;
            try {
              outcome = handle();
            } catch (error) {
              thrown = error;
            }
            if (outcome !== undefined) {
              expect.fail(
                `expected DomainError ${code}, but decide returned ${JSON.stringify(outcome.events)}`,
              );
            }
            expect(thrown).toBeInstanceOf(DomainError);
            const error = thrown as DomainError;
            expect(error.code).toBe(code);
            if (expectation.message !== undefined) expect(error.message).toBe(expectation.message);
            if (expectation.details !== undefined)
              expect(error.details).toMatchObject(expectation.details);
          },
          thenState: (assert) => {
            const { events, after } = handle();
            assert(after, events);
          },
        };
      },
    }),
};
