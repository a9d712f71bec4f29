import { describe, expect, it } from 'vitest';
import { MESSAGES } from '@boli/engine/shared/messages';
import { formatDateTime } from '../../lib/format.ts';
import { subscriptionOffer } from './paymentTexts.ts';

describe('what a member without the subscription is told', () => {
  const instant = '2026-12-09T07:08:23.000Z';

  it('says until when a running free trial lets them bid and sell', () => {
    expect(subscriptionOffer({ endsAt: instant })).toBe(
      `Your free trial lets you bid and sell until ${formatDateTime(instant)}. Subscribe to keep doing so after it ends.`,
    );
  });

  it('says when their free trial ended, then to subscribe', () => {
    expect(subscriptionOffer({ endsAt: null, endedAt: instant })).toBe(
      `Your free trial ended on ${formatDateTime(instant)}. ${MESSAGES.pleaseSubscribe}`,
    );
  });

  it('says only to subscribe to a member who never had a trial', () => {
    expect(subscriptionOffer({})).toBe(MESSAGES.pleaseSubscribe);
  });
});
