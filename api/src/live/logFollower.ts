import {
  formatPosition,
  type GlobalPosition,
  type RecordedEvent,
  type Subscription,
} from '@boli/engine/eventStore/eventStore';
import { listBuilds, waitForProjections } from '@boli/projections';
import type { Infrastructure } from '../infrastructure.ts';
import type { Logger } from '../logger.ts';

/*
 * What every live feature of an api process shares: it follows the event log itself, from where
 * the read model it serves has committed (anything after it has not been pushed yet), hands each
 * event to `handle`, and pushes only once that read model has the event. A failed push is logged
 * and the log goes on; a failed subscription resubscribes from the last event handled.
 */

type FollowerInfra = Pick<Infrastructure, 'store' | 'db' | 'postgresOutages'>;

export type LogFollower = {
  /** Waits until `projection` has committed `position`; false only when stopping. */
  committed(position: GlobalPosition): Promise<boolean>;
  stop(): Promise<void>;
};

export type FollowOptions = {
  /** The read model the pushes read. */
  readonly projection: string;
  /** Where to start: that read model's checkpoint (undefined while it has none; retried). */
  readonly start: () => Promise<GlobalPosition | undefined>;
  /** The event types `handle` acts on: the others are not read in full. */
  readonly types: readonly string[];
  readonly handle: (event: RecordedEvent, follower: LogFollower) => Promise<void>;
  readonly log: Logger;
};

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export function followLog(infra: FollowerInfra, options: FollowOptions): LogFollower {
  const { projection, log } = options;
  let stopped = false;
  let subscription: Subscription | undefined;
  let last: GlobalPosition | undefined;

  const follower: LogFollower = {
    async committed(position) {
      while (!stopped) {
        if (await waitForProjections(infra.db, [projection], position, 5_000)) return true;
        log.warn(
          { position: formatPosition(position), projection },
          'read model is behind; live push waits',
        );
      }
      return false;
    },
    async stop() {
      stopped = true;
      await started;
      await subscription?.close();
    },
  };

  function follow(): void {
    if (stopped || last === undefined) return;
    subscription = infra.store.subscribe(
      last,
      async (event) => {
        try {
          await options.handle(event, follower);
        } catch (error) {
          // A message that cannot be built is lost to live clients only: catching up from
          // `since` and the clients' own refresh still show it. The log goes on.
          log.error({ err: error, type: event.type }, 'live push failed');
        }
        last = event.position;
      },
      {
        types: options.types,
        onError: (error) => {
          infra.postgresOutages.failed(
            error,
            { projection },
            'live subscription stopped; resubscribing',
          );
          if (!stopped) setTimeout(follow, 1_000);
        },
      },
    );
  }

  const started = (async () => {
    while (!stopped && last === undefined) {
      last = await options.start().catch(() => undefined);
      if (last === undefined) await sleep(500);
    }
    follow();
  })();

  return follower;
}

/** The checkpoint of read model `name`'s live build; undefined while it has none. */
export async function liveCheckpoint(
  db: FollowerInfra['db'],
  name: string,
): Promise<GlobalPosition | undefined> {
  return (await listBuilds(db, name)).find((build) => build.status === 'live')?.checkpoint;
}
