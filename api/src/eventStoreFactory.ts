import type { EventStore } from '@boli/engine/eventStore/eventStore';
import { createKurrentDbEventStore } from '@boli/engine/eventStore/kurrentdb/kurrentdbEventStore';
import { createPostgresEventStore } from '@boli/engine/eventStore/postgres/postgresEventStore';

/** The event store the configuration names: PostgreSQL by default, KurrentDB when asked. */
export function createEventStore(config: {
  EVENT_STORE: 'postgres' | 'kurrentdb';
  DATABASE_URL: string;
  KURRENTDB_URL?: string | undefined;
}): EventStore {
  if (config.EVENT_STORE === 'kurrentdb') {
    if (!config.KURRENTDB_URL) throw new Error('EVENT_STORE=kurrentdb needs KURRENTDB_URL');
    return createKurrentDbEventStore({ connectionString: config.KURRENTDB_URL });
  }
  return createPostgresEventStore({ connectionString: config.DATABASE_URL });
}
