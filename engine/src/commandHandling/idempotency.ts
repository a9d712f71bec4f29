/**
 * What a command answered, kept under its idempotency key so that a client's retry gets the very
 * same answer instead of a second decision. Only final answers are kept: a success, or a
 * `DomainError` (by code). Conflicts and crashes are not answers; the retry decides again.
 */
export type StoredCommandResult = {
  readonly events: readonly {
    readonly type: string;
    readonly data: unknown;
    readonly eventId: string;
  }[];
  readonly nextExpectedVersion: number;
  /** `formatPosition` text: bigints do not survive JSON. */
  readonly position: string;
};

export type CommandOutcome =
  | { readonly kind: 'succeeded'; readonly result: StoredCommandResult }
  | {
      readonly kind: 'rejected';
      readonly code: string;
      readonly message: string;
      readonly details: Record<string, unknown>;
    };

export type ClaimResult =
  | { readonly status: 'claimed' }
  | { readonly status: 'completed'; readonly outcome: CommandOutcome }
  /** Another request with this key is being handled right now (its lease has not run out). */
  | { readonly status: 'in-progress' };

export interface IdempotencyStore {
  /**
   * Claims `key` for one request. `fingerprint` identifies the request (command type, stream and
   * data); a key reused for a different request is refused with `IdempotencyKeyReusedError`.
   * A claim not completed within `leaseMs` (the process died) may be claimed again.
   */
  claim(key: string, fingerprint: string, leaseMs: number): Promise<ClaimResult>;
  complete(key: string, outcome: CommandOutcome): Promise<void>;
  /** Gives up a claim without an answer (an unexpected error), so a retry can decide. */
  release(key: string): Promise<void>;
}

export class IdempotencyKeyReusedError extends Error {
  constructor(readonly key: string) {
    super(`Idempotency key ${key} was already used for a different request`);
    this.name = 'IdempotencyKeyReusedError';
  }
}

type Entry = { fingerprint: string; outcome?: CommandOutcome; leaseUntil: number };

/** For unit tests and single-process tools. `clock` is monotonic milliseconds. */
export function createInMemoryIdempotencyStore(
  clock: () => number = () => performance.now(),
): IdempotencyStore {
  const entries = new Map<string, Entry>();
  return {
    async claim(key, fingerprint, leaseMs) {
      const entry = entries.get(key);
      if (entry && entry.fingerprint !== fingerprint) throw new IdempotencyKeyReusedError(key);
      if (entry?.outcome) return { status: 'completed', outcome: structuredClone(entry.outcome) };
      if (entry && entry.leaseUntil > clock()) return { status: 'in-progress' };
      entries.set(key, { fingerprint, leaseUntil: clock() + leaseMs });
      return { status: 'claimed' };
    },
    async complete(key, outcome) {
      const entry = entries.get(key);
      if (entry && !entry.outcome) entry.outcome = structuredClone(outcome);
    },
    async release(key) {
      if (!entries.get(key)?.outcome) entries.delete(key);
    },
  };
}
