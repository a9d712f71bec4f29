import { createHash } from 'node:crypto';
import {
  ConcurrencyError,
  START,
  formatPosition,
  parsePosition,
  type EventStore,
  type GlobalPosition,
  type RecordedEvent,
} from '../eventStore/eventStore.ts';
import { DomainError, type Command, type Decider, type DomainEvent } from '../shared/decider.ts';
import { eventIdFor } from './eventIds.ts';
import { appendedResult, newEventsOf } from './commandEvents.ts';
import { inStreamTurn } from './streamBatches.ts';
import { forgetFolded, loadFolded, rememberAppended, rememberedFold } from './streamStates.ts';
import type { CommandOutcome, IdempotencyStore, StoredCommandResult } from './idempotency.ts';
import { NO_UPCASTING, type Upcasters } from './upcasting.ts';
import { withAdded } from '../shared/objects.ts';

export type CommandResult<E extends DomainEvent = DomainEvent, State = unknown> = {
  /** The events this command produced, each with the id it was stored under. */
  readonly events: readonly (E & { readonly eventId: string })[];
  /** The stream's version right after this command's events (send it as the next expected version). */
  readonly nextExpectedVersion: number;
  /** Global position of the command's last event, for read-your-writes (`waitForProjections`). */
  readonly position: GlobalPosition;
  /** Read models written with the events, in their transaction: nothing to wait for there. */
  readonly writtenInline?: readonly string[];
  /**
   * The stream folded up to and including this command's events, when this call decided and
   * appended them: an answer can be built from it without reading a read model. Absent for a
   * command answered from before (a kept answer, events another try had stored) or that changed
   * nothing.
   */
  readonly state?: State;
};

export type HandleCommandOptions<State, C extends Command, E extends DomainEvent> = {
  readonly store: EventStore;
  readonly streamId: string;
  readonly decider: Decider<State, C, E>;
  readonly command: C;
  /** The client's Idempotency-Key; defaults to the command id (`metadata.eventId`). */
  readonly idempotencyKey?: string;
  /** Where answers are kept; without it only the store's event-id check protects retries. */
  readonly idempotency?: IdempotencyStore;
  readonly upcasters?: Upcasters;
  /** Decisions attempted before a `CommandConflictError`; default 5. */
  readonly maxAttempts?: number;
  /** How long a claimed key is reserved for this request; default 30 s. */
  readonly leaseMs?: number;
  /** How long to wait for a concurrent request with the same key; default 2 s. */
  readonly inProgressWaitMs?: number;
};

/** The stream kept changing under the command; the api answers 409 and the client may retry. */
export class CommandConflictError extends Error {
  constructor(
    readonly streamId: string,
    readonly attempts: number,
  ) {
    super(`Stream ${streamId} changed concurrently ${attempts} times; command not applied`);
    this.name = 'CommandConflictError';
  }
}

/** Another request with the same idempotency key is still being handled (api: 409). */
export class CommandInProgressError extends Error {
  constructor(readonly key: string) {
    super(`A request with idempotency key ${key} is still in progress`);
    this.name = 'CommandInProgressError';
  }
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * Load the stream, fold it, decide, append at exactly the version read. A concurrent append makes
 * it read and decide again (bounded). With an idempotency store the first final answer (events or
 * a `DomainError`) is kept under the key and given back to every retry without deciding again.
 */
export async function handleCommand<State, C extends Command, E extends DomainEvent>(
  options: HandleCommandOptions<State, C, E>,
): Promise<CommandResult<E, State>> {
  const { idempotency, command } = options;
  if (!idempotency) return decideAndAppend(options);

  const key = options.idempotencyKey ?? command.metadata.eventId;
  const fingerprint = requestFingerprint(options.streamId, command);
  const leaseMs = options.leaseMs ?? 30_000;
  const waitMs = options.inProgressWaitMs ?? 2_000;
  for (let waited = 0; ; waited += 50) {
    const claim = await idempotency.claim(key, fingerprint, leaseMs);
    if (claim.status === 'completed') return replay<E>(claim.outcome);
    if (claim.status === 'claimed') break;
    if (waited >= waitMs) throw new CommandInProgressError(key);
    await sleep(50);
  }

  let outcome: CommandOutcome;
  let decided: CommandResult<E, State>;
  try {
    decided = await decideAndAppend(options);
    outcome = { kind: 'succeeded', result: toStored(decided) };
  } catch (error) {
    if (!(error instanceof DomainError)) {
      await idempotency.release(key);
      throw error;
    }
    outcome = {
      kind: 'rejected',
      code: error.code,
      message: error.message,
      details: error.details,
    };
  }
  await idempotency.complete(key, outcome);
  return outcome.kind === 'succeeded' ? decided! : replay<E>(outcome);
}

/**
 * In the stream's turn: commands of this process on one stream queue rather than race, and the
 * commands that queued while the stream was busy are decided together, one on another's outcome,
 * and appended as one sequence (`streamBatches.ts`); anything but a plain decision is decided
 * alone (`decideAlone`).
 */
function decideAndAppend<State, C extends Command, E extends DomainEvent>(
  options: HandleCommandOptions<State, C, E>,
): Promise<CommandResult<E, State>> {
  return inStreamTurn(options, decideAlone);
}

/**
 * One command in the stream's turn: decide on what this process remembers of the stream
 * (`streamStates.ts`) and append at exactly that version. Only an append is checked by the store,
 * so any other outcome reached on a remembered, unread state (a refusal, nothing to do, an answer
 * kept from before) is decided again on the stream read to its end, as is a decision whose append
 * meets a newer stream. A command whose id may be among the stream's events (`EventIdHashes`) is
 * looked for in the stream: if there, it was applied already, and its answer is rebuilt from it.
 */
async function decideAlone<State, C extends Command, E extends DomainEvent>(
  options: HandleCommandOptions<State, C, E>,
): Promise<CommandResult<E, State>> {
  const { store, streamId, decider, command } = options;
  const upcasters = options.upcasters ?? NO_UPCASTING;
  const maxAttempts = options.maxAttempts ?? 5;
  const fold = { store, streamId, decider, upcasters };
  let unread = rememberedFold(fold);
  for (let attempt = 1; ;) {
    const folded = unread ?? (await loadFolded(fold));
    const read = unread === undefined;
    unread = undefined;
    if (folded.eventIds.mayHold(command.metadata.eventId)) {
      const applied = await alreadyAppliedIn<E>(store, streamId, upcasters, command);
      if (applied) return applied;
    }
    const { version, state } = folded;
    let decided: E[];
    try {
      decided = decider.decide(command, state);
    } catch (error) {
      if (read || !(error instanceof DomainError)) throw error;
      continue;
    }
    if (decided.length === 0) {
      if (!read) continue;
      return {
        events: [],
        nextExpectedVersion: version,
        position: folded.lastPosition ?? START,
      };
    }
    const events = newEventsOf(decided, command, upcasters);
    try {
      const appended = await store.append(streamId, events, version === -1 ? 'no-stream' : version);
      // Otherwise the store recognised these events as stored by an earlier try of this
      // command (another process's, after this one last read): answer with what was stored.
      const storedNow = appended.nextExpectedVersion === version + events.length;
      if (!storedNow) {
        forgetFolded(fold);
        const applied = await alreadyAppliedIn<E>(store, streamId, upcasters, command);
        if (applied) return applied;
      }
      const result = appendedResult(decided, events, appended);
      if (!storedNow) return result;
      return withAdded(result, { state: rememberAppended(fold, folded, result).state });
    } catch (error) {
      if (!(error instanceof ConcurrencyError)) throw error;
      // What is remembered is still a true prefix of the stream: the next try reads on from it.
      if (attempt >= maxAttempts) throw new CommandConflictError(streamId, attempt);
      attempt++;
      await sleep(Math.random() * 5 * attempt);
    }
  }
}

/** The command's answer rebuilt from the stream, if its first event is stored there. */
async function alreadyAppliedIn<E extends DomainEvent>(
  store: EventStore,
  streamId: string,
  upcasters: Upcasters,
  command: Command,
): Promise<CommandResult<E, never> | undefined> {
  const stream = (await store.readStream(streamId)).map(upcasters.upcast);
  return alreadyApplied<E>(stream, command.metadata.eventId);
}

/** The command's first event is already in the stream: answer from what it stored then. */
function alreadyApplied<E extends DomainEvent>(
  stream: RecordedEvent[],
  commandId: string,
): CommandResult<E, never> | undefined {
  const start = stream.findIndex((event) => event.metadata.eventId === commandId);
  if (start === -1) return undefined;
  const mine: RecordedEvent[] = [];
  for (
    let index = start;
    stream[index]?.metadata.eventId === eventIdFor(commandId, index - start);
    index++
  ) {
    mine.push(stream[index]!);
  }
  const last = mine[mine.length - 1]!;
  return {
    events: mine.map(
      (event) =>
        ({
          type: event.type,
          data: event.data,
          eventId: event.metadata.eventId,
        }) as unknown as E & {
          eventId: string;
        },
    ),
    nextExpectedVersion: last.streamVersion,
    position: last.position,
  };
}

const toStored = (result: CommandResult): StoredCommandResult => ({
  events: result.events.map(({ type, data, eventId }) => ({ type, data, eventId })),
  nextExpectedVersion: result.nextExpectedVersion,
  position: formatPosition(result.position),
});

function replay<E extends DomainEvent>(outcome: CommandOutcome): CommandResult<E, never> {
  if (outcome.kind === 'rejected')
    throw new DomainError(outcome.code, outcome.details, outcome.message);
  return {
    events: outcome.result.events as unknown as CommandResult<E>['events'],
    nextExpectedVersion: outcome.result.nextExpectedVersion,
    position: parsePosition(outcome.result.position),
  };
}

/** Same command type, stream and data → same fingerprint, whatever the key order of `data`. */
export function requestFingerprint(streamId: string, command: Command): string {
  return createHash('sha256')
    .update(canonicalJson({ streamId, type: command.type, data: command.data }))
    .digest('hex');
}

function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}
