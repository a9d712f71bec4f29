import type { Knex } from 'knex';
import pg from 'pg';
import { BUILDS } from './builds.ts';
import {
  comparePositions,
  parsePosition,
  type GlobalPosition,
} from '@boli/engine/eventStore/eventStore';

/*
 * Hints for read-your-writes waiters: a live build announces each batch's checkpoint on
 * CHECKPOINT_CHANNEL ("<projection> <commit.prepare>") in the transaction that writes it, so the
 * notice arrives exactly when the checkpoint is committed. One LISTEN connection per Knex
 * instance serves every waiter of the process; it opens on first use and closes when no one has
 * waited for a while. A hint only: the table stays the truth, and while anyone waits the
 * connection also reads every live checkpoint from it now and then (one may not have been
 * announced: a build that just went live), once for all the process's waiters.
 */

/**
 * NOTIFY channel carrying "<projection> <position>" after a live build's batch commits, or several
 * of these joined by ANNOUNCEMENT_SEPARATOR when builds moved together.
 */
export const CHECKPOINT_CHANNEL = 'boli_projection_checkpoint';
export const ANNOUNCEMENT_SEPARATOR = ';';

/** The listening connection closes after this long without waiters. */
const IDLE_CLOSE_MS = 30_000;
/** After a failed connection attempt, waiters only poll for this long. */
const RETRY_AFTER_MS = 1_000;
/** While anyone waits and announcements are heard, the checkpoints are also read this often. */
export const SHARED_READ_MS = 50;

export type CheckpointWatch = {
  /** Resolves once every named projection has announced a checkpoint at or past the position. */
  readonly passed: Promise<void>;
  /** Whether the announcements are being received right now (else: poll as if alone). */
  listening(): boolean;
  cancel(): void;
};

/** The (projection, checkpoint) pairs a notice announces; anything malformed is left out. */
export function parseAnnouncements(payload: string | undefined): [string, GlobalPosition][] {
  const announced: [string, GlobalPosition][] = [];
  for (const announcement of payload?.split(ANNOUNCEMENT_SEPARATOR) ?? []) {
    const space = announcement.lastIndexOf(' ');
    if (space <= 0) continue;
    try {
      announced.push([announcement.slice(0, space), parsePosition(announcement.slice(space + 1))]);
    } catch {
      // Not a position: a hint only, the table stays the truth.
    }
  }
  return announced;
}

type Waiter = { remaining: Set<string>; position: GlobalPosition; resolve: () => void };

type Listener = {
  watch(names: readonly string[], position: GlobalPosition): CheckpointWatch;
};

function connectionOptions(db: Knex): pg.ClientConfig | undefined {
  const connection = (db.client as { config?: { connection?: unknown } }).config?.connection;
  if (typeof connection === 'string') return { connectionString: connection };
  if (connection && typeof connection === 'object') return connection as pg.ClientConfig;
  return undefined; // a function or nothing: waiters poll
}

/** The socket of a hint connection must not keep a process alive. */
const unref = (client: pg.Client): void =>
  (
    client as unknown as { connection?: { stream?: { unref?: () => void } } }
  ).connection?.stream?.unref?.();

function createListener(options: pg.ClientConfig): Listener {
  /** The highest checkpoint announced per projection: a lower bound of the truth (they only grow). */
  const latest = new Map<string, GlobalPosition>();
  const waiters = new Set<Waiter>();
  let client: pg.Client | undefined;
  let connecting: Promise<void> | undefined;
  let ready = false;
  let failedAt = -Infinity;
  let idleTimer: NodeJS.Timeout | undefined;

  const passedFor = (waiter: Waiter, name: string): boolean => {
    const known = latest.get(name);
    return known !== undefined && comparePositions(known, waiter.position) >= 0;
  };

  function settle(waiter: Waiter): void {
    for (const name of waiter.remaining) if (passedFor(waiter, name)) waiter.remaining.delete(name);
    if (waiter.remaining.size === 0) {
      waiters.delete(waiter);
      waiter.resolve();
    }
  }

  function passed(name: string, position: GlobalPosition): void {
    const known = latest.get(name);
    if (known === undefined || comparePositions(position, known) > 0) latest.set(name, position);
    for (const waiter of [...waiters]) if (waiter.remaining.has(name)) settle(waiter);
  }

  function onNotice(payload: string | undefined): void {
    for (const [name, position] of parseAnnouncements(payload)) passed(name, position);
  }

  let pollTimer: NodeJS.Timeout | undefined;
  /** Reads every live checkpoint on the listening connection, every so often while anyone waits. */
  function pollWhileWaited(): void {
    if (pollTimer || waiters.size === 0 || !ready) return;
    pollTimer = setTimeout(async () => {
      const reading = client;
      try {
        const { rows } = await reading!.query<{ name: string; c: string; p: string }>(
          `SELECT name, checkpoint_commit::text AS c, checkpoint_prepare::text AS p
             FROM ${BUILDS} WHERE status = 'live'`,
        );
        for (const row of rows) passed(row.name, { commit: BigInt(row.c), prepare: BigInt(row.p) });
      } catch {
        // Lost meanwhile: the 'error' handler drops it and waiters poll alone.
      } finally {
        pollTimer = undefined;
        pollWhileWaited();
      }
    }, SHARED_READ_MS);
    pollTimer.unref();
  }

  function drop(lost: pg.Client): void {
    if (client !== lost) return;
    client = undefined;
    ready = false;
    void lost.end().catch(() => {});
  }

  function connect(): void {
    if (client || connecting || performance.now() - failedAt < RETRY_AFTER_MS) return;
    const next = new pg.Client({ ...options, application_name: 'projection checkpoint waiters' });
    client = next;
    next.on('error', () => drop(next)); // lost (server restart, database dropped): poll meanwhile
    next.on('end', () => drop(next));
    next.on('notification', (message) => onNotice(message.payload));
    connecting = (async () => {
      try {
        await next.connect();
        unref(next);
        await next.query(`LISTEN ${CHECKPOINT_CHANNEL}`);
        if (client === next) ready = true;
        pollWhileWaited();
      } catch {
        failedAt = performance.now();
        drop(next);
      } finally {
        connecting = undefined;
      }
    })();
  }

  function closeWhenIdle(): void {
    clearTimeout(idleTimer);
    if (waiters.size > 0) return;
    idleTimer = setTimeout(() => {
      if (waiters.size === 0 && client) drop(client);
    }, IDLE_CLOSE_MS);
    idleTimer.unref();
  }

  return {
    watch(names, position) {
      clearTimeout(idleTimer);
      connect();
      let resolve!: () => void;
      const passed = new Promise<void>((done) => (resolve = done));
      const waiter: Waiter = { remaining: new Set(names), position, resolve };
      waiters.add(waiter);
      settle(waiter);
      pollWhileWaited();
      return {
        passed,
        listening: () => ready,
        cancel() {
          waiters.delete(waiter);
          closeWhenIdle();
        },
      };
    },
  };
}

const listeners = new WeakMap<Knex, Listener | null>();

/** Watches the named projections' announced checkpoints through `db`'s database. */
export function watchCheckpoints(
  db: Knex,
  names: readonly string[],
  position: GlobalPosition,
): CheckpointWatch {
  let listener = listeners.get(db);
  if (listener === undefined) {
    const options = connectionOptions(db);
    listener = options ? createListener(options) : null;
    listeners.set(db, listener);
  }
  return (
    listener?.watch(names, position) ?? {
      passed: new Promise<void>(() => {}),
      listening: () => false,
      cancel: () => {},
    }
  );
}
