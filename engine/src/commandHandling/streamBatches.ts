import {
  ConcurrencyError,
  SequenceBrokenError,
  type EventStore,
  type NewEvent,
  type SequencedResult,
} from '../eventStore/eventStore.ts';
import type { Command, Decider, DomainEvent } from '../shared/decider.ts';
import { appendedResult, newEventsOf } from './commandEvents.ts';
import type { CommandResult, HandleCommandOptions } from './handleCommand.ts';
import {
  forgetFolded,
  loadFolded,
  rememberAppended,
  rememberedFold,
  type FoldedStream,
  type StreamFold,
} from './streamStates.ts';
import { NO_UPCASTING } from './upcasting.ts';
import { withAdded } from '../shared/objects.ts';

/*
 * A stream's turn in this process. Commands on one stream queue rather than race (racing, all but
 * one would fail their append and decide again). While one is being stored, the next ones wait;
 * when its turn ends, everything that waited is decided at once — each on the state the one
 * before it left — and stored as one sequence of appends (`EventStore.appendSequence`: on
 * PostgreSQL, one transaction). On a hot stream (an auction's last minute) a commit then carries
 * many commands instead of one.
 *
 * Only plain decisions are batched: the batch stops at the first command that is refused, changes
 * nothing, or was applied already, and that command and the rest are decided alone, each in turn,
 * by the caller's `decideAlone` (which re-reads before believing a refusal). So is every command
 * whose append did not store it now: an append that fails fails the rest of the sequence, which is
 * never stored on a stream it was not decided on.
 */

/** Most commands decided and stored together. */
const MAX_BATCH = 64;

// The queue holds commands of any decider; only neighbours of one decider batch together.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyOptions = HandleCommandOptions<any, any, any>;
type Waiting = {
  readonly options: AnyOptions;
  resolve(result: CommandResult<DomainEvent, unknown>): void;
  reject(error: unknown): void;
};
type DecideAlone = (options: AnyOptions) => Promise<CommandResult<DomainEvent, unknown>>;

const queues = new WeakMap<EventStore, Map<string, Waiting[]>>();

/** Runs the command in its stream's turn, alone or with those that queued with it. */
export function inStreamTurn<State, C extends Command, E extends DomainEvent>(
  options: HandleCommandOptions<State, C, E>,
  decideAlone: (options: HandleCommandOptions<State, C, E>) => Promise<CommandResult<E, State>>,
): Promise<CommandResult<E, State>> {
  const { store, streamId } = options;
  let byStream = queues.get(store);
  if (!byStream) queues.set(store, (byStream = new Map()));
  return new Promise((resolve, reject) => {
    const waiting: Waiting = {
      options,
      resolve: resolve as Waiting['resolve'],
      reject,
    };
    const queue = byStream.get(streamId);
    if (queue) {
      queue.push(waiting);
      return;
    }
    const started = [waiting];
    byStream.set(streamId, started);
    void takeTurns(byStream, streamId, started, decideAlone as DecideAlone);
  });
}

async function takeTurns(
  byStream: Map<string, Waiting[]>,
  streamId: string,
  queue: Waiting[],
  decideAlone: DecideAlone,
): Promise<void> {
  try {
    while (queue.length > 0) {
      const batch = nextBatch(queue);
      if (batch.length === 1) await alone(batch[0]!, decideAlone);
      else queue.unshift(...(await together(batch, decideAlone)));
    }
  } finally {
    byStream.delete(streamId);
  }
}

/** The queue's first command and those after it of the same decider, at most MAX_BATCH. */
function nextBatch(queue: Waiting[]): Waiting[] {
  const first = queue[0]!.options;
  let size = 1;
  while (
    size < Math.min(queue.length, MAX_BATCH) &&
    queue[size]!.options.decider === first.decider &&
    queue[size]!.options.upcasters === first.upcasters
  ) {
    size++;
  }
  return queue.splice(0, size);
}

async function alone(waiting: Waiting, decideAlone: DecideAlone): Promise<void> {
  try {
    waiting.resolve(await decideAlone(waiting.options));
  } catch (error) {
    waiting.reject(error);
  }
}

type Planned = {
  readonly waiting: Waiting;
  readonly decided: DomainEvent[];
  readonly events: NewEvent[];
  /** The stream's version this command was decided on. */
  readonly expected: number;
};

/** The longest head of `batch` that decides plainly, each command on the one before's outcome. */
function plan(
  batch: readonly Waiting[],
  decider: Decider<unknown, Command, DomainEvent>,
  folded: FoldedStream<unknown>,
): Planned[] {
  const planned: Planned[] = [];
  let { state, version } = folded;
  for (const waiting of batch) {
    const { command } = waiting.options;
    if (folded.eventIds.mayHold(command.metadata.eventId)) break;
    let decided: DomainEvent[];
    try {
      decided = decider.decide(command, state);
    } catch {
      break;
    }
    if (decided.length === 0) break;
    const upcasters = waiting.options.upcasters ?? NO_UPCASTING;
    const events = newEventsOf(decided, command, upcasters);
    planned.push({ waiting, decided, events, expected: version });
    for (const event of decided) state = decider.evolve(state, event);
    version += events.length;
  }
  return planned;
}

/**
 * Decides and stores `batch` together as far as it decides plainly; what did not store is decided
 * alone, up to the first command the plan stopped at. Resolves to the commands after that one,
 * which go back to the head of the queue for the next turn.
 */
async function together(batch: Waiting[], decideAlone: DecideAlone): Promise<Waiting[]> {
  const { store, streamId, decider } = batch[0]!.options;
  const fold: StreamFold<unknown, Command, DomainEvent> = {
    store,
    streamId,
    decider,
    upcasters: batch[0]!.options.upcasters ?? NO_UPCASTING,
  };
  let planned: Planned[];
  let answers: SequencedResult[] = [];
  let folded: FoldedStream<unknown> | undefined;
  try {
    folded = rememberedFold(fold) ?? (await loadFolded(fold));
    planned = plan(batch, decider, folded);
    if (planned.length > 0) {
      answers = await store.appendSequence(
        streamId,
        planned.map(({ events, expected }) => ({
          events,
          expected: expected === -1 ? 'no-stream' : expected,
        })),
      );
    }
  } catch {
    // Reading or storing failed outright: each command finds out for itself.
    planned = [];
  }
  let stored = planned.length;
  planned.forEach((command, index) => {
    const answer = answers[index]!;
    const storedNow =
      index < stored &&
      !(answer instanceof Error) &&
      answer.nextExpectedVersion === command.expected + command.events.length;
    if (!storedNow) {
      // A retry recognised by the store stored nothing now: the stream holds what we never saw.
      const unseen = !(answer instanceof ConcurrencyError || answer instanceof SequenceBrokenError);
      if (index < stored && unseen) forgetFolded(fold);
      stored = Math.min(stored, index);
      return;
    }
    const result = appendedResult(command.decided, command.events, answer);
    folded = rememberAppended(fold, folded!, result);
    command.waiting.resolve(withAdded(result, { state: folded.state }));
  });
  const unstored = planned.slice(stored).map((command) => command.waiting);
  const stoppedAt = batch.slice(planned.length, planned.length + 1);
  for (const waiting of [...unstored, ...stoppedAt]) await alone(waiting, decideAlone);
  return batch.slice(planned.length + 1);
}
