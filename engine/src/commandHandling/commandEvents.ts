import type { AppendResult, NewEvent } from '../eventStore/eventStore.ts';
import type { Command, DomainEvent } from '../shared/decider.ts';
import { eventIdFor } from './eventIds.ts';
import type { CommandResult } from './handleCommand.ts';
import type { Upcasters } from './upcasting.ts';
import { withAdded } from '../shared/objects.ts';

/** The events a command's decision is stored as: ids derived from the command's, its metadata. */
export function newEventsOf<E extends DomainEvent>(
  decided: readonly E[],
  command: Command,
  upcasters: Upcasters,
): NewEvent[] {
  return decided.map((event, index): NewEvent => ({
    type: event.type,
    data: event.data,
    schemaVersion: upcasters.currentVersion(event.type),
    metadata: withAdded(command.metadata, {
      eventId: eventIdFor(command.metadata.eventId, index),
      causationId: command.metadata.causationId ?? command.metadata.eventId,
      correlationId: command.metadata.correlationId ?? command.metadata.eventId,
    }),
  }));
}

/**
 * A command's answer once its events are stored: the decided events, each with the id it is
 * stored under, and where the stream and the log stand after them.
 */
export const appendedResult = <E extends DomainEvent>(
  decided: readonly E[],
  events: readonly NewEvent[],
  appended: AppendResult,
): AppendedResult<E> => ({
  events: decided.map((event, index) =>
    withAdded(event, { eventId: events[index]!.metadata.eventId }),
  ),
  nextExpectedVersion: appended.nextExpectedVersion,
  position: appended.lastPosition,
  ...(appended.writtenInline ? { writtenInline: appended.writtenInline } : {}),
});

/** `appendedResult`'s answer: a `CommandResult` without the fold. */
export type AppendedResult<E extends DomainEvent> = Omit<CommandResult<E>, 'state'>;
