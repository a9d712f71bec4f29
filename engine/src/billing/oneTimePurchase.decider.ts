import { DomainError, type Command, type Decider } from '../shared/decider.ts';

/*
 * What a member buys once for good — the Lifetime Subscription, the buy-share bid fee — is claimed
 * by the first purchase that delivers it, in a stream per member and kind. Starting a purchase
 * refuses a member who has it already, but two checkouts opened side by side both pass that check
 * and can both be paid: the second to deliver finds the claim, and its payment is refunded.
 */

export const ONE_TIME_KINDS = ['subscription', 'shareFee'] as const;
export type OneTimeKind = (typeof ONE_TIME_KINDS)[number];

export const oneTimePurchaseStream = (kind: OneTimeKind, userId: string): string =>
  `one-time-${kind}-${userId}`;

export type OneTimePurchaseClaimed = {
  readonly type: 'OneTimePurchaseClaimed';
  readonly data: {
    readonly userId: string;
    readonly kind: OneTimeKind;
    readonly purchaseId: string;
    readonly claimedAt: string;
  };
};

export type ClaimOneTimePurchase = Command<
  'ClaimOneTimePurchase',
  { readonly userId: string; readonly kind: OneTimeKind; readonly purchaseId: string }
>;

export type OneTimePurchaseState = { readonly claimedBy: string | null };

export const oneTimePurchaseDecider: Decider<
  OneTimePurchaseState,
  ClaimOneTimePurchase,
  OneTimePurchaseClaimed
> = {
  initialState: () => ({ claimedBy: null }),
  evolve: (state, event) =>
    event.type === 'OneTimePurchaseClaimed' && state.claimedBy === null
      ? { claimedBy: event.data.purchaseId }
      : state,
  decide: (command, state) => {
    const { purchaseId } = command.data;
    // Delivering the same purchase again (a retried settlement) claims nothing new.
    if (state.claimedBy === purchaseId) return [];
    if (state.claimedBy !== null) {
      throw new DomainError('ALREADY_OWNED', { claimedBy: state.claimedBy });
    }
    return [
      {
        type: 'OneTimePurchaseClaimed',
        data: { ...command.data, claimedAt: command.metadata.now },
      },
    ];
  },
};
