import type { NewEventMetadata } from '../eventStore/eventStore.ts';

/** A domain event as the decider sees it: a fact, named in the past tense. */
export type DomainEvent<Type extends string = string, Data = unknown> = {
  readonly type: Type;
  readonly data: Data;
};

/** A command: imperative name, its data, and the metadata (clock, ids, actor) it arrives with. */
export type Command<Type extends string = string, Data = unknown> = {
  readonly type: Type;
  readonly data: Data;
  readonly metadata: NewEventMetadata;
};

/**
 * `{ initialState, evolve, decide }`. `decide` returns the events a command produces or throws a
 * `DomainError`; `evolve` folds one event into the state and never throws.
 */
export type Decider<State, C extends Command, E extends DomainEvent> = {
  readonly initialState: () => State;
  readonly evolve: (state: State, event: E) => State;
  readonly decide: (command: C, state: State) => E[];
};

/** One field's problem; a refusal of a form lists them as `details.errors` (the api's `errors`). */
export type FieldError = { readonly field: string; readonly message: string };

/**
 * A rule the domain refuses to break. `code` is stable; the api maps it to a status and message.
 * `details.fields`, where a form's rule sets it, names the command's fields the refusal is about.
 */
export class DomainError<Code extends string = string> extends Error {
  constructor(
    readonly code: Code,
    readonly details: Record<string, unknown> = {},
    /** The spec's user-facing message, where the rule has one. */
    message?: string,
  ) {
    super(message ?? code);
    this.name = 'DomainError';
  }
}

/** Ends every switch over a union: a compile error if a case is missing. */
export const assertNever = (value: never): never => {
  throw new Error(`Unexpected value: ${JSON.stringify(value)}`);
};
