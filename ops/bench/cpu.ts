import { readdirSync, readFileSync } from 'node:fs';

/*
 * CPU time of the processes a benchmark runs, from /proc (Linux): on a machine of two cores that
 * the load generator, the api, the projections and PostgreSQL all share, what each spends per
 * operation tells where the next speed-up is, which a rate alone does not.
 */

/** Clock ticks per second of /proc/<pid>/stat's times (USER_HZ: 100 on every Linux build here). */
const TICK_MS = 10;

/** User + system CPU milliseconds that process `pid` has used so far; 0 once it is gone. */
export function processCpuMs(pid: number): number {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    return (Number(fields[11]) + Number(fields[12])) * TICK_MS;
  } catch {
    return 0;
  }
}

/** The pids of PostgreSQL's processes (its backends among them), by their command name. */
function postgresPids(): number[] {
  const pids: number[] = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      if (readFileSync(`/proc/${entry}/comm`, 'utf8').trim() === 'postgres')
        pids.push(Number(entry));
    } catch {
      // ended meanwhile
    }
  }
  return pids;
}

export type CpuSample = ReadonlyMap<string, number>;

/**
 * Samples CPU by role: the named pids, and `postgres` for all of PostgreSQL's processes alive at
 * either sample (a backend that ended in between is not counted; the benches keep theirs open).
 */
export function cpuMeter(pids: Readonly<Record<string, number>>) {
  const sample = () => {
    const byPid = new Map<number, number>();
    for (const pid of postgresPids()) byPid.set(pid, processCpuMs(pid));
    return {
      roles: Object.entries(pids).map(([role, pid]) => [role, processCpuMs(pid)] as const),
      byPid,
    };
  };
  return {
    start() {
      const before = sample();
      return {
        /** Milliseconds of CPU each role used since `start`. */
        stop(): CpuSample {
          const after = sample();
          const used = new Map<string, number>();
          after.roles.forEach(([role, ms], i) => used.set(role, ms - before.roles[i]![1]));
          let postgres = 0;
          for (const [pid, ms] of after.byPid) postgres += ms - (before.byPid.get(pid) ?? 0);
          used.set('postgres', postgres);
          return used;
        },
      };
    },
  };
}

/** Adds `sample` to `total`, role by role: CPU summed over several measured runs. */
export function addCpu(total: Map<string, number>, sample: CpuSample): void {
  for (const [role, ms] of sample) total.set(role, (total.get(role) ?? 0) + ms);
}

/** The CPU of every role together, milliseconds. */
export const allRolesCpu = (sample: CpuSample): number =>
  [...sample.values()].reduce((a, b) => a + b, 0);

/** "api 2.1, projections 1.4, postgres 3.0 ms": each role's CPU per operation. */
export const describeCpu = (used: CpuSample, operations: number): string =>
  [...used].map(([role, ms]) => `${role} ${(ms / Math.max(1, operations)).toFixed(2)}`).join(', ') +
  ' ms';
