import { log } from '../services/system.ts';
import { referenceSeedStep } from './reference.ts';

/** One idempotent seeding step: running it again changes nothing. */
export type SeedStep = { name: string; run(databaseUrl: string): Promise<string> };

/** Reference data first, then demo data; later capabilities append their steps here. */
export const seedSteps: SeedStep[] = [referenceSeedStep];

export async function seed(databaseUrl: string): Promise<void> {
  for (const step of seedSteps) log(`seed ${step.name}: ${await step.run(databaseUrl)}`);
}
