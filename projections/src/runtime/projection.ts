import type { Knex } from 'knex';
import type { RecordedEvent } from '@boli/engine/eventStore/eventStore';

/** One logical table of a read model. `create` builds it under the physical name it is given. */
export type TableDefinition = {
  /**
   * Creates the table (and its indexes: derive their names from `physicalName`, index names are
   * schema-wide) inside the transaction that registers the build.
   */
  readonly create: (trx: Knex.Transaction, physicalName: string) => Promise<void>;
};

/** Logical table name → the physical table this build writes. */
export type PhysicalTables<T extends string = string> = Readonly<Record<T, string>>;

/**
 * A read model. Its rows and its checkpoint are written in one transaction per batch; `handle`
 * must be idempotent as well (upserts keyed by ids from the event), the checkpoint being the
 * first line of defence. Bump `version` whenever `tables` or `handle` change meaning: the runtime
 * then builds the new version from the start of the log beside the old one and swaps the views.
 */
export type Projection<T extends string = string, M = unknown> = {
  /** Lower-case identifier, e.g. `bid_summary`. */
  readonly name: string;
  readonly version: number;
  /** Event types `handle` receives; other events only move the checkpoint. */
  readonly handles: readonly string[];
  /** Readers query the logical names, which are views over the live build's tables. */
  readonly tables: Readonly<Record<T, TableDefinition>>;
  /** Applies one event. Give either this or `handleBatch`. */
  readonly handle?: (
    trx: Knex.Transaction,
    event: RecordedEvent,
    tables: PhysicalTables<T>,
  ) => Promise<void>;
  /**
   * Applies a batch's handled events at once (in log order), for read models that can write them
   * in a few statements rather than a round trip per event.
   */
  readonly handleBatch?: (
    trx: Knex.Transaction,
    events: RecordedEvent[],
    tables: PhysicalTables<T>,
  ) => Promise<void>;
  /**
   * Optional, beside `handleBatch`: the batch's writes as one statement with the checkpoint's
   * move (`BatchStatement`), or undefined for a batch that needs `handleBatch`. One round trip
   * and no transaction held open across round trips, instead of four or more; what it reads
   * first (`db`, outside any transaction) is safe because one runner writes a read model at a
   * time and the statement's guard refuses a runner that is not where it left the checkpoint.
   */
  batchStatement?(
    db: Knex,
    events: RecordedEvent[],
    tables: PhysicalTables<T>,
    memory: M,
  ): Promise<BatchStatement | undefined>;
  /**
   * Optional, with `batchStatement`: a fresh memory of the build's rows, which the runner passes
   * to every `batchStatement` while it holds the build, so a batch need not read back what the
   * batches before it wrote. A batch may change it before its statement runs: the runner throws it
   * away and starts a fresh one whenever a batch fails or is written by `handleBatch`, so it only
   * ever holds what this runner's statements committed.
   */
  readonly memory?: () => M;
};

/**
 * A batch's writes as data-modifying CTEs, run in one statement with the checkpoint's guarded
 * move. `ctes` is the text after `WITH moved AS (…), `: every write must depend on `moved`, which
 * has a row only when the guard passed (each write ends in `IF_MOVED`); `bindings` are their
 * values (knex `?` placeholders, in order). All CTEs of a statement see the tables as they were
 * before it, so no two of them may write the same row.
 */
export type BatchStatement = { readonly ctes: string; readonly bindings: readonly unknown[] };

/** The condition of every write of a `BatchStatement`: true once the checkpoint's guarded move passed. */
export const IF_MOVED = 'WHERE EXISTS (SELECT 1 FROM moved)';

/** Identity helper that keeps the table names as a literal union for `handle`. */
export const defineProjection = <T extends string, M = unknown>(
  projection: Projection<T, M>,
): Projection<T, M> => projection;

const IDENTIFIER = /^[a-z][a-z0-9_]*$/;

/** `ad_list` at version 2 → `ad_list_v2`; the n-th forced rebuild of that version → `ad_list_v2_b<n>`. */
export function physicalTableName(logical: string, version: number, build: number): string {
  if (!IDENTIFIER.test(logical)) throw new Error(`Table name ${logical} must match ${IDENTIFIER}`);
  const name = build === 0 ? `${logical}_v${version}` : `${logical}_v${version}_b${build}`;
  if (name.length > 63)
    throw new Error(`Table name ${name} is longer than PostgreSQL's 63 characters`);
  return name;
}

export function physicalTables<T extends string>(
  projection: Projection<T>,
  build: number,
): PhysicalTables<T> {
  const entries = Object.keys(projection.tables).map((logical) => [
    logical,
    physicalTableName(logical, projection.version, build),
  ]);
  return Object.fromEntries(entries) as PhysicalTables<T>;
}

export function assertValidProjection(projection: Projection): void {
  if (!IDENTIFIER.test(projection.name))
    throw new Error(`Projection name ${projection.name} must match ${IDENTIFIER}`);
  if (!Number.isInteger(projection.version) || projection.version < 1) {
    throw new Error(`Projection ${projection.name} needs a positive integer version`);
  }
  physicalTables(projection, 999);
  if (!projection.handle === !projection.handleBatch) {
    throw new Error(`Projection ${projection.name} needs exactly one of handle and handleBatch`);
  }
}
