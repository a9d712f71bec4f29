import { Redis } from 'ioredis';
import { afterEach, describe, expect, it } from 'vitest';
import { apiKit } from '../../../ops/src/testing/apiKit.ts';
import { startApp } from '../../../ops/src/testing/app.ts';
import { freePort } from '../../../ops/src/testing/ports.ts';
import { startRedisServer } from '../../../ops/src/testing/redisServer.ts';

const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

describe('the bid socket when an api process stops', () => {
  it('leaves no Redis command unanswered, though Redis is slow to answer', async () => {
    // Redis of this test's own: pausing the run's shared one would slow every other test.
    const port = await freePort();
    const redisServer = await startRedisServer(port);
    cleanups.push(() => void redisServer.kill('SIGKILL'));
    const app = await startApp({ redisUrl: `redis://127.0.0.1:${port}` });
    cleanups.push(() => app.stop());
    const kit = apiKit(app);
    cleanups.push(() => kit.close());
    const owner = await kit.member('vidya_r');
    const adId = await kit.ad(owner);
    // Two processes: counting an ad's viewers then asks the other one too, over Redis.
    const second = await kit.secondApi();
    const watch = async (baseUrl: string, viewers: number) => {
      const viewer = await kit.live(owner.token, baseUrl);
      const counted = new Promise((resolve) =>
        viewer.on('online', ({ count }: { count: number }) => count === viewers && resolve(count)),
      );
      viewer.emit('load', { item_id: adId });
      await counted;
    };
    await watch(app.baseUrl, 1);
    await watch(second.url, 2);
    const unhandled: unknown[] = [];
    const onUnhandled = (reason: unknown) => unhandled.push(reason);
    process.on('unhandledRejection', onUnhandled);
    cleanups.push(() => void process.off('unhandledRejection', onUnhandled));
    // Every command sent in the next 300 ms waits: as a busy Redis, or one across a slow link.
    const admin = new Redis(`redis://127.0.0.1:${port}`);
    await admin.client('PAUSE', 300, 'WRITE');
    admin.disconnect();

    await second.close();
    await new Promise((resolve) => setTimeout(resolve, 400));

    expect(unhandled.map((reason) => String(reason))).toEqual([]);
  });
});
