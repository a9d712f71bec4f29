import type { Projection } from './runtime/projection.ts';
import { usersProjection } from './users/users.projection.ts';
import { outboxProjection } from './outbox/outbox.projection.ts';

/** Every read model the projections process runs. Each issue that adds a read model adds it here. */
export const allProjections: readonly Projection[] = [usersProjection, outboxProjection];
