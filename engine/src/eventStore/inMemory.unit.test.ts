import { eventStoreContract } from './eventStore.contract.ts';
import { createInMemoryEventStore } from './inMemory.ts';

eventStoreContract('in-memory', async () => {
  const store = createInMemoryEventStore();
  return { store, teardown: () => store.close() };
});
