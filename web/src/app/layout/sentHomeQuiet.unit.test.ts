import { describe, expect, it } from 'vitest';
import { quietAfter } from './sentHomeQuiet.ts';

describe('the sent-home notice', () => {
  it('keeps quiet where a session that ended sent the visitor, then speaks again', () => {
    // The session ends on /settings (k1); the guard sends them home (k2).
    let quiet = quietAfter(null, { ended: true, key: 'k1', sentHome: false });
    expect(quiet).toEqual({ from: 'k1' });
    quiet = quietAfter(quiet, { ended: false, key: 'k2', sentHome: true });
    expect(quiet).toEqual({ on: 'k2' });
    // Moving on ends the quiet: a members' link opened later is explained.
    expect(quietAfter(quiet, { ended: false, key: 'k3', sentHome: false })).toBeNull();
  });

  it('speaks after a logout on a public page, once the visitor opens a members’ page', () => {
    let quiet = quietAfter(null, { ended: true, key: 'home', sentHome: false });
    quiet = quietAfter(quiet, { ended: false, key: 'myAds', sentHome: false });
    expect(quiet).toBeNull();
    expect(quietAfter(quiet, { ended: false, key: 'home2', sentHome: true })).toBeNull();
  });

  it('is quiet at once where a session ended on the page it was sent to', () => {
    expect(quietAfter(null, { ended: true, key: 'k', sentHome: true })).toEqual({ on: 'k' });
  });
});
