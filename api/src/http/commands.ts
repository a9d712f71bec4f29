import { createHash, randomUUID } from 'node:crypto';
import type { Context } from 'koa';
import { handleCommand, type CommandResult } from '@boli/engine/commandHandling/handleCommand';
import type { Actor, NewEventMetadata } from '@boli/engine/eventStore/eventStore';
import type { Command, Decider, DomainEvent } from '@boli/engine/shared/decider';
import { waitForProjections } from '@boli/projections';
import type { Infrastructure } from '../infrastructure.ts';

/**
 * The metadata a command arrives with: the request's time and correlation id, a fresh event id,
 * and the signed-in actor. The one place routes get "now" from.
 */
export function commandMetadata(ctx: Context, actor?: Actor): NewEventMetadata {
  return {
    eventId: randomUUID(),
    now: new Date().toISOString(),
    correlationId: ctx.correlationId,
    ...(actor ? { actor } : {}),
  };
}

export type ExecuteOptions<State, C extends Command, E extends DomainEvent> = {
  streamId: string;
  decider: Decider<State, C, E>;
  command: C;
  /**
   * The read models the answer will read; the call waits (bounded) until they have the events,
   * unless the append wrote them in its own transaction (`writtenInline`).
   */
  readModels?: readonly string[];
  /** A client's Idempotency-Key, scoped by the caller (e.g. prefixed with the user id). */
  idempotencyKey?: string;
  /**
   * 'always' (default): the answer is kept under the client's key, or else under the command id.
   * 'withKey': only under a client's key. For commands whose id is fresh for every request
   * (`commandMetadata`), the command id is never presented again, so keeping its answer costs two
   * writes and protects nothing; the event store still refuses the command's events twice.
   */
  keepAnswer?: 'always' | 'withKey';
};

/** Runs a command through the event store; then, read-your-writes, waits for the read models. */
export async function execute<State, C extends Command, E extends DomainEvent>(
  infra: Pick<Infrastructure, 'store' | 'idempotency' | 'db'>,
  options: ExecuteOptions<State, C, E>,
): Promise<CommandResult<E, State>> {
  const result = await handleCommand({
    store: infra.store,
    streamId: options.streamId,
    decider: options.decider,
    command: options.command,
    ...(options.idempotencyKey || options.keepAnswer !== 'withKey'
      ? { idempotency: infra.idempotency }
      : {}),
    ...(options.idempotencyKey ? { idempotencyKey: options.idempotencyKey } : {}),
  });
  // Read models written with the events (`writtenInline`) have them already.
  const behind = options.readModels?.filter((name) => !result.writtenInline?.includes(name));
  if (result.events.length > 0 && behind?.length) {
    await waitForProjections(infra.db, behind, result.position);
  }
  return result;
}

/**
 * The id of what a request creates (a bid, a review): derived from the scoped Idempotency-Key when
 * the client sent one, so a retried request is the same command with the same data; else fresh.
 */
export const idOfRequest = (scopedKey: string | undefined): string =>
  scopedKey
    ? createHash('sha256').update(scopedKey).digest('base64url').slice(0, 32)
    : randomUUID();

/** The client's Idempotency-Key header, scoped to the caller so two users cannot collide. */
export function idempotencyKeyOf(ctx: Context, scope: string): string | undefined {
  const key = ctx.get('idempotency-key');
  return key ? `${scope}:${key.slice(0, 200)}` : undefined;
}
