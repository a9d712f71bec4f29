export {
  defineProjection,
  physicalTableName,
  type Projection,
  type PhysicalTables,
  type TableDefinition,
} from './runtime/projection.ts';
export {
  startProjectionRunners,
  listenForAppends,
  type ProjectionRunners,
  type ProjectionRunnersOptions,
  type WakeUpSource,
} from './runtime/runners.ts';
export { rebuild, type RebuildOptions } from './runtime/rebuild.ts';
export { projectionStatus, type ProjectionStatus } from './runtime/status.ts';
export { waitForProjections } from './runtime/waitForProjections.ts';
export { listBuilds, type Build, type BuildStatus } from './runtime/builds.ts';
export type { RuntimeLogger } from './runtime/logger.ts';
export { allProjections } from './registry.ts';
