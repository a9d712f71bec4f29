import { bench } from './bench.ts';
import { ops } from './ops.ts';
import { projections } from './projections.ts';
import { services } from './services.ts';
import { start } from './start.ts';
import { test } from './test.ts';

export type CommandFn = (args: string[]) => Promise<number>;

export const commands: Record<string, CommandFn> = {
  start,
  test,
  bench,
  ops,
  projections,
  services,
};
