import { describe, expect, it } from 'vitest';
import { MESSAGES } from '@boli/engine/shared/messages';
import { ApiError } from '../../../app/api/client.ts';
import { adGoneMeanwhile, subscribeLink } from './bidsApi.ts';

describe('a refused bid', () => {
  it('links to the subscription page when the server says to subscribe', () => {
    const refusal = new ApiError(403, MESSAGES.pleaseSubscribe, [], {
      subscribeAt: '/subscription',
    });
    expect(subscribeLink(refusal)).toBe('/subscription');
  });

  it('has no link for other refusals, or a link that leaves the app', () => {
    expect(subscribeLink(new ApiError(400, MESSAGES.enterAllBidDetails))).toBeNull();
    expect(subscribeLink(new ApiError(403, 'Forbidden', [], null))).toBeNull();
    expect(
      subscribeLink(
        new ApiError(403, MESSAGES.pleaseSubscribe, [], { subscribeAt: 'https://x.example' }),
      ),
    ).toBeNull();
    expect(subscribeLink(new Error('network'))).toBeNull();
  });
});

describe('an ad gone meanwhile', () => {
  it('is one the api says was withdrawn, not any ad it cannot find yet', () => {
    const withdrawn = new ApiError(404, 'Ad not found', [], null, { code: 'AD_WITHDRAWN' });
    expect(adGoneMeanwhile(withdrawn)).toBe(true);
    const notYet = new ApiError(404, 'Ad not found', [], null, { code: 'AD_NOT_FOUND' });
    expect(adGoneMeanwhile(notYet)).toBe(false);
    expect(adGoneMeanwhile(new Error('network'))).toBe(false);
  });
});
