import { describe, expect, it } from 'vitest';
import { fetchAhead, type Scheduler } from './fetchAhead.ts';

/** A scheduler whose moments come when the test says (`runNext`). */
function manualScheduler() {
  const waiting: (() => void)[] = [];
  const scheduler: Scheduler = (run) => {
    waiting.push(run);
    return () => waiting.splice(waiting.indexOf(run) >>> 0, 1);
  };
  return { scheduler, waiting, runNext: () => waiting.shift()?.() };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('fetchAhead', () => {
  it('starts nothing before its start, then fetches one at a time, each at the next idle moment', async () => {
    const started: string[] = [];
    const fetch = (name: string) => () => (started.push(name), Promise.resolve());
    const start = manualScheduler();
    const idle = manualScheduler();
    fetchAhead([fetch('a'), fetch('b'), fetch('c')], start.scheduler, idle.scheduler);
    expect(started).toEqual([]);
    start.runNext();
    expect(started).toEqual(['a']);
    await settle();
    expect(started).toEqual(['a']);
    idle.runNext();
    expect(started).toEqual(['a', 'b']);
    await settle();
    idle.runNext();
    await settle();
    expect(started).toEqual(['a', 'b', 'c']);
    expect(idle.waiting).toHaveLength(0);
  });

  it('goes on after a fetch that fails', async () => {
    const started: string[] = [];
    const start = manualScheduler();
    const idle = manualScheduler();
    fetchAhead(
      [
        () => (started.push('broken'), Promise.reject(new Error('offline'))),
        () => (started.push('next'), Promise.resolve()),
      ],
      start.scheduler,
      idle.scheduler,
    );
    start.runNext();
    await settle();
    idle.runNext();
    expect(started).toEqual(['broken', 'next']);
  });

  it('begins no fetch once stopped, before its start or between fetches', async () => {
    const started: string[] = [];
    const fetch = (name: string) => () => (started.push(name), Promise.resolve());
    const start = manualScheduler();
    const idle = manualScheduler();
    const stopBeforeStart = fetchAhead([fetch('never')], start.scheduler, idle.scheduler);
    stopBeforeStart();
    expect(start.waiting).toHaveLength(0);

    const stop = fetchAhead([fetch('a'), fetch('b')], start.scheduler, idle.scheduler);
    start.runNext();
    await settle();
    stop();
    expect(idle.waiting).toHaveLength(0);
    expect(started).toEqual(['a']);
  });
});
