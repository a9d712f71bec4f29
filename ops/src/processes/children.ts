import { spawn, type ChildProcess } from 'node:child_process';
import { resolve } from 'node:path';
import { LIMITS } from '@boli/engine/shared/limits';
import { log, repoRoot } from '../services/system.ts';

export type ChildSpec = {
  name: string;
  /** The script, from the repository's root (or absolute). */
  entry: string;
  env: NodeJS.ProcessEnv;
  /** Node and V8 flags, before the entry's. */
  nodeFlags?: readonly string[];
};

/** When a crashed process starts again, and when it is given up on (a port taken, say). */
export type Restarts = {
  readonly firstDelayMs: number;
  readonly longestDelayMs: number;
  readonly mostInWindow: number;
  readonly windowMs: number;
};

export type Supervised = {
  /** Resolves with the name of a process that kept crashing, once given up on. */
  readonly givenUp: Promise<string>;
  /** Stops every process (SIGTERM, then SIGKILL after `graceMs`) and restarts none of them. */
  stop(graceMs?: number): Promise<void>;
};

const COLOURS = [35, 36, 33, 32];

/** Starts a process with its output prefixed by its name. */
function startChild(spec: ChildSpec, index: number): ChildProcess {
  const args = [...(spec.nodeFlags ?? []), '--import', 'tsx', resolve(repoRoot, spec.entry)];
  const child = spawn(process.execPath, args, {
    cwd: repoRoot,
    env: { ...process.env, ...spec.env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const prefix = `\x1b[${COLOURS[index % COLOURS.length]}m${spec.name.padEnd(11)}|\x1b[0m `;
  for (const stream of [child.stdout, child.stderr]) {
    let buffered = '';
    stream.on('data', (chunk: Buffer) => {
      buffered += chunk.toString();
      const lines = buffered.split('\n');
      buffered = lines.pop() ?? '';
      for (const line of lines) process.stdout.write(prefix + line + '\n');
    });
  }
  return child;
}

/**
 * Runs each process, and starts again one that stops by itself (a crash, an out-of-memory kill),
 * after a wait that doubles while it keeps crashing: the others serve on meanwhile, and an api
 * restarted finds its data where it was. One that crashes `mostInWindow` times within `windowMs`
 * is given up on (`givenUp`), for the caller to stop the rest and say why.
 */
export function superviseChildren(
  specs: ChildSpec[],
  restarts: Restarts = LIMITS.processRestarts,
): Supervised {
  let stopping = false;
  let giveUp: (name: string) => void = () => {};
  const givenUp = new Promise<string>((done) => (giveUp = done));
  const running = new Map<string, ChildProcess>();
  const timers = new Set<NodeJS.Timeout>();

  const run = (spec: ChildSpec, index: number, crashes: number[]) => {
    const child = startChild(spec, index);
    running.set(spec.name, child);
    child.on('exit', (code, signal) => {
      if (stopping) return;
      const now = Date.now();
      const recent = [...crashes.filter((at) => now - at < restarts.windowMs), now];
      const how = signal ? `was killed (${signal})` : `exited with code ${code}`;
      if (recent.length >= restarts.mostInWindow) {
        log(`${spec.name} ${how}, ${recent.length} times within ${restarts.windowMs / 1000} s`);
        giveUp(spec.name);
        return;
      }
      const delay = Math.min(
        restarts.firstDelayMs * 2 ** (recent.length - 1),
        restarts.longestDelayMs,
      );
      log(`${spec.name} ${how}; starting it again in ${delay / 1000} s`);
      const timer = setTimeout(() => {
        timers.delete(timer);
        if (!stopping) run(spec, index, recent);
      }, delay);
      timers.add(timer);
    });
  };
  specs.forEach((spec, index) => run(spec, index, []));

  return {
    givenUp,
    async stop(graceMs = 8000) {
      stopping = true;
      for (const timer of timers) clearTimeout(timer);
      await Promise.all([...running.values()].map((child) => stopChild(child, graceMs)));
    },
  };
}

function stopChild(child: ChildProcess, graceMs: number): Promise<void> {
  return new Promise<void>((done) => {
    if (child.exitCode !== null || child.signalCode !== null) return done();
    const timer = setTimeout(() => child.kill('SIGKILL'), graceMs);
    child.once('exit', () => {
      clearTimeout(timer);
      done();
    });
    child.kill('SIGTERM');
  });
}
