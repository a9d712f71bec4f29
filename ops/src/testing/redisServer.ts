import { spawn, type ChildProcess } from 'node:child_process';
import { waitForPort } from '../services/system.ts';

/**
 * A Redis server of one test's own, without persistence, for what the shared one must not
 * suffer: being killed, or paused. Stop it with `kill('SIGKILL')`.
 */
export async function startRedisServer(port: number): Promise<ChildProcess> {
  const server = spawn(
    'redis-server',
    ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'],
    { stdio: 'ignore' },
  );
  await waitForPort(port, 5_000);
  return server;
}
