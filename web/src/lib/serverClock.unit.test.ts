import { afterEach, describe, expect, it, vi } from 'vitest';
import { noteServerDate, resetServerClock, serverNow } from './serverClock.ts';

describe('the server’s clock', () => {
  afterEach(() => {
    resetServerClock();
    vi.useRealTimers();
  });

  const atDevice = (iso: string) => vi.useFakeTimers({ now: Date.parse(iso) });

  it('follows a device clock 90 s fast back to the server’s time', () => {
    atDevice('2026-11-27T10:01:30.300Z');
    // Asked and answered within 100 ms; the server said 10:00:00 (to the second).
    noteServerDate('Fri, 27 Nov 2026 10:00:00 GMT', Date.now() - 100, Date.now());
    expect(Math.abs(serverNow() - Date.parse('2026-11-27T10:00:00.500Z'))).toBeLessThan(1_000);
  });

  it('leaves a device clock that agrees to within the header’s second as it is', () => {
    atDevice('2026-11-27T10:00:00.900Z');
    noteServerDate('Fri, 27 Nov 2026 10:00:00 GMT', Date.now() - 40, Date.now());
    expect(serverNow()).toBe(Date.now());
  });

  it('reads a slow answer, which the server dated when it finished, as no more than it may be off by', () => {
    atDevice('2026-11-27T10:00:10.000Z');
    // A 10 s upload whose answer was dated at its end: the clocks agree all the same.
    noteServerDate('Fri, 27 Nov 2026 10:00:10 GMT', Date.now() - 10_000, Date.now());
    expect(serverNow()).toBe(Date.now());
  });

  it('follows a clock 10 minutes fast back on a slow connection too, to within the round trip', () => {
    atDevice('2026-11-27T10:10:00.000Z');
    // Every answer takes 1.2 s: the server dated it 10:00:00, somewhere in that time.
    noteServerDate('Fri, 27 Nov 2026 10:00:00 GMT', Date.now() - 1_200, Date.now());
    expect(Math.abs(serverNow() - Date.parse('2026-11-27T10:00:00.000Z'))).toBeLessThan(1_200);
  });

  it('keeps a quick answer’s measure over a slower one that agrees, not over one that cannot', () => {
    atDevice('2026-11-27T10:01:30.300Z');
    noteServerDate('Fri, 27 Nov 2026 10:00:00 GMT', Date.now() - 100, Date.now());
    const quick = serverNow() - Date.now();
    // A 4 s answer dated at its end reads 2 s off the quick one, within what it may be off by.
    vi.advanceTimersByTime(4_000);
    noteServerDate('Fri, 27 Nov 2026 10:00:04 GMT', Date.now() - 4_000, Date.now());
    expect(serverNow() - Date.now()).toBe(quick);
    // The device's clock is then set right: the next answer cannot agree with the old measure.
    vi.setSystemTime(Date.parse('2026-11-27T10:00:10.300Z'));
    noteServerDate('Fri, 27 Nov 2026 10:00:08 GMT', Date.now() - 3_000, Date.now());
    expect(serverNow()).toBe(Date.now());
  });

  it('ignores an answer without a date', () => {
    atDevice('2026-11-27T10:00:00.000Z');
    noteServerDate(null, Date.now(), Date.now());
    noteServerDate('not a date', Date.now(), Date.now());
    expect(serverNow()).toBe(Date.now());
  });

  it('keeps its measure for the next page this browser loads, and forgets one it cannot read', async () => {
    const stored = new Map<string, string>();
    vi.stubGlobal('localStorage', {
      getItem: (key: string) => stored.get(key) ?? null,
      setItem: (key: string, value: string) => stored.set(key, value),
      removeItem: (key: string) => stored.delete(key),
    });
    try {
      atDevice('2026-11-27T10:20:00.000Z');
      noteServerDate('Fri, 27 Nov 2026 10:00:00 GMT', Date.now() - 100, Date.now());
      vi.resetModules();
      const reloaded = await import('./serverClock.ts');
      expect(Math.abs(reloaded.serverNow() - Date.parse('2026-11-27T10:00:00.500Z'))).toBeLessThan(
        1_000,
      );
      stored.set('serverClock', '{"offsetMs":"soon"}');
      vi.resetModules();
      expect((await import('./serverClock.ts')).serverNow()).toBe(Date.now());
    } finally {
      vi.unstubAllGlobals();
    }
  });
});
