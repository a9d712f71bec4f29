import type { NewEvent } from '../eventStore/eventStore.ts';
import type { Command, DomainEvent } from '../shared/decider.ts';
import { eventIdFor } from './eventIds.ts';
import type { Upcasters } from './upcasting.ts';

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
    metadata: {
      ...command.metadata,
      eventId: eventIdFor(command.metadata.eventId, index),
      causationId: command.metadata.causationId ?? command.metadata.eventId,
      correlationId: command.metadata.correlationId ?? command.metadata.eventId,
    },
  }));
}

/** The decided events, each with the id it is stored under. */
export const withIds = <E extends DomainEvent>(
  decided: readonly E[],
  events: readonly NewEvent[],
): (E & { readonly eventId: string })[] =>
  decided.map((event, index) => ({ ...event, eventId: events[index]!.metadata.eventId }));
