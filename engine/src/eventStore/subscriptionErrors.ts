import type { SubscribeOptions } from './eventStore.ts';

/** A subscription that stops because of an error must say so somewhere. */
export function reportSubscriptionError(error: unknown, options: SubscribeOptions): void {
  if (options.onError) options.onError(error);
  else console.error('Event store subscription stopped:', error);
}
