import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { SERVICE_NODE_FLAGS } from '../../bin/nodeFlags.mjs';
import { repoRoot } from '../services/system.ts';

/** The command of a docker-compose service, as its flow sequence of single-quoted strings lists it. */
function composeCommand(compose: string, service: string): string[] {
  const block = new RegExp(`\\n  ${service}:\\n((?:    .*\\n|\\s*\\n)+)`).exec(compose)?.[1] ?? '';
  const list = /\n {4}command:\s*\[([^\]]*)\]/.exec(`\n${block}`)?.[1] ?? '';
  return [...list.matchAll(/'([^']*)'/g)].map((match) => match[1]!);
}

describe('the serving processes’ V8 flags', () => {
  const compose = readFileSync(join(repoRoot, 'docker-compose.yml'), 'utf8');

  it.each([
    ['api', 'api/src/main.ts'],
    ['worker', 'ops/src/processes/worker.ts'],
    ['projections', 'ops/src/processes/projections.ts'],
  ])('are those docker-compose gives the %s', (service, entry) => {
    expect(composeCommand(compose, service)).toEqual([
      'node',
      ...SERVICE_NODE_FLAGS,
      '--import',
      'tsx',
      entry,
    ]);
  });
});
