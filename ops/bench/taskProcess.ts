import { SERVICE_NODE_FLAGS } from '../bin/nodeFlags.mjs';
import { fork, type ChildProcess } from 'node:child_process';

/*
 * A benchmark's load generator runs in its own process, so its work never shares the measured
 * api's event loop. The parent sends one task at a time over IPC and awaits its answer; the child
 * serves tasks with `serveTasks`.
 */

export type TaskProcess<Task> = { run<R>(task: Task): Promise<R>; stop(): void; pid: number };

/** Forks `module` (a TypeScript file, run through tsx) and talks to it one task at a time. */
export function startTaskProcess<Task>(module: URL): TaskProcess<Task> {
  const child: ChildProcess = fork(module, [], {
    execArgv: ['--import', 'tsx'],
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  return {
    run<R>(task: Task) {
      return new Promise<R>((resolve, reject) => {
        const onExit = (code: number | null) => reject(new Error(`clients exited (${code})`));
        child.once('exit', onExit);
        child.once('message', (message: { result?: R; error?: string }) => {
          child.off('exit', onExit);
          if (message.error !== undefined) reject(new Error(message.error));
          else resolve(message.result as R);
        });
        child.send(task as object);
      });
    },
    stop: () => void child.kill(),
    pid: child.pid!,
  };
}

/** In the child: answers each task the parent sends with its result or its error. */
export function serveTasks<Task>(runTask: (task: Task) => Promise<unknown>): void {
  process.on('message', (task: Task) => {
    runTask(task).then(
      (result) => process.send?.({ result }),
      (error: unknown) => process.send?.({ error: String((error as Error)?.stack ?? error) }),
    );
  });
}

export type ServiceProcess = { stop(): Promise<void>; pid: number };

/**
 * One of the app's background processes (ops/src/processes/<name>.ts) in a process of its own,
 * as deployments run it, so its work never shares the measured api's event loop. Resolves once
 * the process has started; `stop` sends SIGTERM and waits for it to exit.
 */
export function startServiceProcess(
  name: 'projections' | 'worker',
  env: Readonly<Record<string, string>>,
): Promise<ServiceProcess> {
  // BENCH_PROFILE_DIR=<dir>: each service process writes a V8 CPU profile there when it stops.
  const profileDir = process.env.BENCH_PROFILE_DIR;
  const child = fork(new URL(`../src/processes/${name}.ts`, import.meta.url), [], {
    execArgv: [
      ...SERVICE_NODE_FLAGS,
      '--import',
      'tsx',
      ...(profileDir ? ['--cpu-prof', `--cpu-prof-dir=${profileDir}`] : []),
    ],
    env: { ...process.env, PGAPPNAME: `boli-${name}`, ...env },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  return new Promise((resolve, reject) => {
    const onExit = (code: number | null) => reject(new Error(`${name} exited (${code})`));
    child.once('exit', onExit);
    child.once('message', () => {
      child.off('exit', onExit);
      resolve({
        pid: child.pid!,
        async stop() {
          if (child.exitCode === null) child.kill('SIGTERM');
          await exited;
        },
      });
    });
  });
}
