import { spawn, type ChildProcess } from 'node:child_process';
import { join } from 'node:path';
import { repoRoot } from '../services/system.ts';

export type ChildSpec = {
  name: string;
  entry: string;
  env: NodeJS.ProcessEnv;
  /** Node and V8 flags, before the entry's. */
  nodeFlags?: readonly string[];
};

const COLOURS = [35, 36, 33, 32];

/** Runs each process with its output prefixed by its name; resolves when the first one exits. */
export function runChildren(specs: ChildSpec[]): {
  children: ChildProcess[];
  firstExit: Promise<string>;
} {
  let reportExit: (name: string) => void = () => {};
  const firstExit = new Promise<string>((resolve) => (reportExit = resolve));
  const children = specs.map((spec, index) => {
    const args = [...(spec.nodeFlags ?? []), '--import', 'tsx', join(repoRoot, spec.entry)];
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
    child.on('exit', () => reportExit(spec.name));
    return child;
  });
  return { children, firstExit };
}

export async function stopChildren(children: ChildProcess[], graceMs = 8000): Promise<void> {
  await Promise.all(
    children.map(
      (child) =>
        new Promise<void>((resolve) => {
          if (child.exitCode !== null || child.signalCode !== null) return resolve();
          const timer = setTimeout(() => child.kill('SIGKILL'), graceMs);
          child.once('exit', () => {
            clearTimeout(timer);
            resolve();
          });
          child.kill('SIGTERM');
        }),
    ),
  );
}
