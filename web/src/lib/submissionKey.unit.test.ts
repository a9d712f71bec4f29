import { describe, expect, it } from 'vitest';
import { ApiError } from '../app/api/client.ts';
import { submissionKey } from './submissionKey.ts';

const counting = () => {
  let n = 0;
  return submissionKey(() => `k${++n}`);
};

describe('a form’s submission key', () => {
  it('is the same for the same body sent again after a lost answer', () => {
    const keys = counting();
    expect(keys.keyFor({ bidamt: 1201 })).toBe('k1');
    keys.settle(new ApiError(0, ''));
    expect(keys.keyFor({ bidamt: 1201 })).toBe('k1');
    keys.settle(new ApiError(503, 'Something went wrong.'));
    expect(keys.keyFor({ bidamt: 1201 })).toBe('k1');
  });

  it('is new once an answer came back, or when the body changed', () => {
    const keys = counting();
    keys.keyFor({ bidamt: 1201 });
    keys.settle();
    expect(keys.keyFor({ bidamt: 1201 })).toBe('k2');
    keys.settle(new ApiError(400, 'Enter all bid details'));
    expect(keys.keyFor({ bidamt: 1201 })).toBe('k3');
    keys.settle(new ApiError(0, ''));
    expect(keys.keyFor({ bidamt: 1300 })).toBe('k4');
  });
});
