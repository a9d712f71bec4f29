import { describe } from 'vitest';
import { eventStoreContract } from '../eventStore.contract.ts';
import { createKurrentDbEventStore } from './kurrentdbEventStore.ts';

const url = process.env['KURRENTDB_URL'];
if (!url)
  console.log(
    'KurrentDB contract suite skipped: KURRENTDB_URL is not set (e.g. kurrentdb://localhost:2113?tls=false).',
  );

describe.skipIf(!url)('KurrentDB adapter', () => {
  eventStoreContract(
    'KurrentDB',
    async () => {
      const store = createKurrentDbEventStore({ connectionString: url ?? '' });
      return { store, teardown: () => store.close() };
    },
    // KurrentDB keeps no index of event ids across streams.
    { detectsEventIdReuseAcrossStreams: false },
  );
});
