import { log } from '../services/system.ts';
import { referenceSeedStep } from './reference.ts';
import { demoSeedStep } from './demo/seedDemo.ts';

/** One idempotent seeding step: running it again changes nothing. */
export type SeedStep = { name: string; run(databaseUrl: string): Promise<string> };

/** Reference data first, then demo data; later capabilities append their steps here. */
export const seedSteps: SeedStep[] = [referenceSeedStep, demoSeedStep];

/** Runs the given steps (by default all of them) in order. */
export async function seed(
  databaseUrl: string,
  steps: readonly SeedStep[] = seedSteps,
): Promise<void> {
  for (const step of steps) log(`seed ${step.name}: ${await step.run(databaseUrl)}`);
}
