import { describe, it } from 'vitest';
import { DeciderSpecification } from '../shared/testing/deciderSpecification.ts';
import { metadata, T0 } from './billing.fixtures.ts';
import {
  oneTimePurchaseDecider,
  type ClaimOneTimePurchase,
  type OneTimePurchaseClaimed,
} from './oneTimePurchase.decider.ts';

const given = DeciderSpecification.for(oneTimePurchaseDecider);

const claim = (purchaseId: string): ClaimOneTimePurchase => ({
  type: 'ClaimOneTimePurchase',
  data: { userId: 'u-asha', kind: 'subscription', purchaseId },
  metadata: metadata(),
});

const claimed = (purchaseId: string): OneTimePurchaseClaimed => ({
  type: 'OneTimePurchaseClaimed',
  data: { userId: 'u-asha', kind: 'subscription', purchaseId, claimedAt: T0 },
});

describe('claiming what is bought once', () => {
  it('the first purchase to deliver claims it', () => {
    given([]).when(claim('p-1')).then(claimed('p-1'));
  });

  it('the same purchase delivered again claims nothing new', () => {
    given([claimed('p-1')])
      .when(claim('p-1'))
      .thenNothingHappened();
  });

  it('another purchase finds it owned, and is told by which', () => {
    given([claimed('p-1')])
      .when(claim('p-2'))
      .thenThrows('ALREADY_OWNED', { details: { claimedBy: 'p-1' } });
  });
});
