/** One benchmark metric as written to bench/results/<group>.json. */
export type Metric = {
  value: number;
  unit: string;
  baseline?: number;
  ratio?: number;
  /** Human-readable target from the issue, e.g. ">= 0.5" or "< 100". */
  target: string;
};

export type BenchGroup = {
  name: string;
  /** Sets up its own data, measures (medians over several runs) and returns its metrics. */
  run(context: { databaseUrl: string; redisUrl: string }): Promise<Record<string, Metric>>;
};
