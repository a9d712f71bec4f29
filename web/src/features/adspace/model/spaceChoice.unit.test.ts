import { describe, expect, it } from 'vitest';
import { DEFAULT_SPACE_CHOICE, spaceChoiceOf, spaceChoiceParamsOf } from './spaceChoice.ts';

describe('Buy AdSpace’s choice in its address', () => {
  it('reads the space type and cycle asked for, and writes them back', () => {
    const choice = spaceChoiceOf(new URLSearchParams('type=betweenPosts&cycle=quarterly'));
    expect(choice).toEqual({ type: 'betweenPosts', cycle: 'quarterly' });
    expect(spaceChoiceParamsOf(choice)).toEqual({ type: 'betweenPosts', cycle: 'quarterly' });
    // A slot type keeps the cycle chosen before it, for when a bought type is chosen back.
    expect(spaceChoiceOf(new URLSearchParams('type=sidePanels&cycle=yearly'))).toEqual({
      type: 'sidePanels',
      cycle: 'yearly',
    });
  });

  it('falls back to the defaults for what it does not say or does not know', () => {
    expect(spaceChoiceOf(new URLSearchParams())).toEqual(DEFAULT_SPACE_CHOICE);
    expect(spaceChoiceOf(new URLSearchParams('type=banner&cycle=weekly'))).toEqual(
      DEFAULT_SPACE_CHOICE,
    );
    expect(spaceChoiceOf(new URLSearchParams('type=betweenPosts&cycle=Monthly'))).toEqual({
      type: 'betweenPosts',
      cycle: DEFAULT_SPACE_CHOICE.cycle,
    });
  });

  it('leaves the defaults out of the address', () => {
    expect(spaceChoiceParamsOf(DEFAULT_SPACE_CHOICE)).toEqual({});
    expect(spaceChoiceParamsOf({ ...DEFAULT_SPACE_CHOICE, cycle: 'daily' })).toEqual({
      cycle: 'daily',
    });
  });
});
