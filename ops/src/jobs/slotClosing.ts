import type { Job } from 'bullmq';
import type { CloseSlot } from '@boli/engine/adspace/adSlot.commands';
import { adSlotDecider } from '@boli/engine/adspace/adSlot.decider';
import { adSlotStream } from '@boli/engine/adspace/adSlot.events';
import { startOfIndiaDay } from '@boli/engine/shared/indiaTime';
import { uuidV5 } from '@boli/engine/commandHandling/eventIds';
import { handleCommand } from '@boli/engine/commandHandling/handleCommand';
import type { EventStore } from '@boli/engine/eventStore/eventStore';
import { activateWonSlot } from '@boli/api/routes/adspace/activation';
import type { JobDeps, JobKind } from './registry.ts';
import { scheduleWhileConnected, waitUntil } from './deadlineScheduler.ts';
import { SLOT_CLOSING_QUEUE, slotClosings, type SlotClosingJob } from './slotClosingScheduler.ts';

/*
 * The slot timer: at 00:00 India time of the slot date, CloseSlot records the winner (the highest
 * bid then), and the winner's space for that day is activated, so its creative shows on the date.
 * Idempotent: the command ids derive from the slot, the decider closes a slot once, and the
 * activation is repeated from the stored close should a run stop between the two.
 */

export type SlotClosingOutcome = { closed: boolean; winnerSpaceId: string | null };

/** Closes the slot once its day has begun and starts the winner's space. */
export async function closeSlotAtDayStart(
  store: EventStore,
  job: SlotClosingJob,
  clock: () => number = Date.now,
): Promise<SlotClosingOutcome> {
  const dayStart = startOfIndiaDay(job.slotdate);
  await waitUntil(Date.parse(dayStart), clock);
  const command: CloseSlot = {
    type: 'CloseSlot',
    data: { type: job.type, slotdate: job.slotdate },
    metadata: {
      eventId: uuidV5(`slotClosed/${job.type}/${job.slotdate}`),
      now: new Date(clock()).toISOString(),
      actor: { userId: 'system', role: 'system' },
    },
  };
  const streamId = adSlotStream(job.type, job.slotdate);
  const result = await handleCommand({ store, streamId, decider: adSlotDecider, command });
  const state = (await store.readStream(streamId)).reduce(
    (current, event) => adSlotDecider.evolve(current, event as never),
    adSlotDecider.initialState(),
  );
  const winnerSpaceId = await activateWonSlot(store, state.closed, dayStart);
  return { closed: result.events.length > 0, winnerSpaceId };
}

export const slotClosing: JobKind = {
  queue: SLOT_CLOSING_QUEUE,
  handler(deps: JobDeps) {
    scheduleWhileConnected(slotClosings, deps);
    return async (job: Job<SlotClosingJob>) => {
      const outcome = await closeSlotAtDayStart(deps.store, job.data);
      deps.logger.info({ ...job.data, ...outcome }, 'ad slot closed');
      return outcome;
    };
  },
};
