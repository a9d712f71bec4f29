import type { DomainEvent } from '../shared/decider.ts';
import type { ProductKey } from './products.ts';

/** Every price change is an event on the one `prices` stream (`npm run ops -- set-price`). */
export const PRICES_STREAM = 'prices';

export type PriceSet = DomainEvent<
  'PriceSet',
  {
    readonly productKey: ProductKey;
    /** Before tax, integer paise. */
    readonly price: number;
    readonly setAt: string;
  }
>;

export type PriceEvent = PriceSet;
export const PRICE_EVENT_TYPES = ['PriceSet'] as const satisfies readonly PriceEvent['type'][];
