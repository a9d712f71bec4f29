/** PostgreSQL's "undefined table". */
const UNDEFINED_TABLE = '42P01';

/**
 * A read of a read model that may not have been built yet: its tables (and views) appear with its
 * first build, and a process can start before the projections process has made them (a fresh
 * deployment, a test running some projections only). Until then the read model knows nothing, so
 * the read answers `nothing`; any other error is thrown.
 */
export async function orNothingBeforeFirstBuild<T>(read: Promise<T>, nothing: T): Promise<T> {
  try {
    return await read;
  } catch (error) {
    if ((error as { code?: string }).code === UNDEFINED_TABLE) return nothing;
    throw error;
  }
}
