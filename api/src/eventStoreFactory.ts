import type { EventStore } from '@boli/engine/eventStore/eventStore';
import { createKurrentDbEventStore } from '@boli/engine/eventStore/kurrentdb/kurrentdbEventStore';
import { createPostgresEventStore } from '@boli/engine/eventStore/postgres/postgresEventStore';
import { bidsInlineWrite } from '@boli/projections/bids/bids.inline';

/**
 * The event store the configuration names: PostgreSQL by default, KurrentDB when asked. On
 * PostgreSQL a bid's append also writes it to the bid summary (`bids.inline.ts`).
 */
export function createEventStore(config: {
  EVENT_STORE: 'postgres' | 'kurrentdb';
  DATABASE_URL: string;
  KURRENTDB_URL?: string | undefined;
}): EventStore {
  if (config.EVENT_STORE === 'kurrentdb') {
    if (!config.KURRENTDB_URL) throw new Error('EVENT_STORE=kurrentdb needs KURRENTDB_URL');
    return createKurrentDbEventStore({ connectionString: config.KURRENTDB_URL });
  }
  return createPostgresEventStore({
    connectionString: config.DATABASE_URL,
    inlineWrite: bidsInlineWrite,
  });
}
