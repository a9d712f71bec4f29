import { DomainError, type Command, type Decider } from '../shared/decider.ts';
import type { PriceEvent } from './price.events.ts';
import { isProductKey, type ProductKey } from './products.ts';

export type SetPrice = Command<'SetPrice', { readonly productKey: string; readonly price: number }>;

export type PriceErrorCode = 'UNKNOWN_PRODUCT' | 'INVALID_PRICE';

/** The current price of each key changed so far; setting the same price again records nothing. */
export type PricesState = ReadonlyMap<ProductKey, number>;

export const priceDecider: Decider<PricesState, SetPrice, PriceEvent> = {
  initialState: () => new Map(),
  evolve: (state, event) => new Map(state).set(event.data.productKey, event.data.price),
  decide: ({ data, metadata }, state) => {
    if (!isProductKey(data.productKey))
      throw new DomainError<PriceErrorCode>('UNKNOWN_PRODUCT', { productKey: data.productKey });
    if (!Number.isSafeInteger(data.price) || data.price <= 0)
      throw new DomainError<PriceErrorCode>('INVALID_PRICE', { price: data.price });
    if (state.get(data.productKey) === data.price) return [];
    return [
      {
        type: 'PriceSet',
        data: { productKey: data.productKey, price: data.price, setAt: metadata.now },
      },
    ];
  },
};
