import { describe, expect, it } from 'vitest';
import { MESSAGES } from '@boli/engine/shared/messages';
import { isScriptLoadFailure, screenFailureMessage } from './ScreenFailure.tsx';

describe('what a screen that failed to draw says', () => {
  it('tells a lost script (as each browser words it) from a bug', () => {
    const lost = [
      'Failed to fetch dynamically imported module: http://localhost:3000/assets/MyAdsScreen-x.js',
      'Importing a module script failed.',
      'error loading dynamically imported module: http://localhost/assets/a.js',
    ];
    for (const message of lost) {
      expect(isScriptLoadFailure(new TypeError(message))).toBe(true);
      expect(screenFailureMessage(new TypeError(message), true)).toBe(MESSAGES.pageNotLoaded);
    }
    const bug = new TypeError("Cannot read properties of undefined (reading 'map')");
    expect(isScriptLoadFailure(bug)).toBe(false);
    expect(screenFailureMessage(bug, true)).toBe(MESSAGES.generic);
    expect(screenFailureMessage('thrown text', true)).toBe(MESSAGES.generic);
  });

  it('says the browser is offline, whatever failed, when it is', () => {
    expect(screenFailureMessage(new TypeError('Importing a module script failed.'), false)).toBe(
      MESSAGES.offline,
    );
  });
});
