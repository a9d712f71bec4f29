import { describe, expect, it } from 'vitest';
import { PERIOD_REVERSED } from './audit.ts';
import {
  failedIgnored,
  kindIgnored,
  ledgerLinkOf,
  ledgerParamsOf,
  unreadablePeriod,
} from './ledgerLink.ts';

const now = new Date('2026-11-30T06:00:00.000Z');
const link = (query: string) => ledgerLinkOf(new URLSearchParams(query), now);
const defaultView = {
  from: '2026-04-01',
  to: '2026-11-30',
  search: '',
  kind: 'all',
  hideFailed: false,
  page: 0,
} as const;

describe('the ledger in the address', () => {
  it('is the default ledger when the address says nothing, and says nothing of it', () => {
    expect(link('')).toEqual({ view: defaultView, refusal: null, ignored: [] });
    expect(ledgerParamsOf(link('').view, now)).toEqual({});
  });

  it('writes a period chosen whole, a To of today too, so the link shows the same days tomorrow', () => {
    expect(ledgerParamsOf({ ...defaultView, from: '2026-11-01' }, now)).toEqual({
      from: '2026-11-01',
      to: '2026-11-30',
    });
  });

  it('keeps what was chosen, a cleared end included, and reads back what it wrote', () => {
    const chosen = {
      from: '',
      to: '2026-10-31',
      search: 'rfnd_AZ',
      kind: 'adSlot' as const,
      hideFailed: true,
      page: 2,
    };
    const params = ledgerParamsOf(chosen, now);
    expect(params).toEqual({
      from: '',
      to: '2026-10-31',
      search: 'rfnd_AZ',
      kind: 'adSlot',
      failed: 'hide',
      page: '2',
    });
    expect(link(new URLSearchParams(params).toString())).toEqual({
      view: chosen,
      refusal: null,
      ignored: [],
    });
    // What the api takes for its defaults is no problem either.
    expect(link('kind=all&failed=show&kind=&page=')).toMatchObject({ refusal: null, ignored: [] });
  });
});

describe('a link the screen cannot read', () => {
  it('refuses a period whose end is not a day, naming it, and fills in the default', () => {
    for (const day of ['30-11-2026', '2026-02-30', '2026-13-01', 'yesterday']) {
      expect(link(`from=${day}&to=2026-11-30`), day).toEqual({
        view: defaultView,
        refusal: unreadablePeriod([{ end: 'from', value: day }]),
        ignored: [],
      });
    }
    expect(link('from=2026-11-01&to=2026-11-30T13:33:00')).toMatchObject({
      view: { from: '2026-11-01', to: '2026-11-30' },
      refusal: unreadablePeriod([{ end: 'to', value: '2026-11-30T13:33:00' }]),
    });
    expect(link('from=abc&to=xyz').refusal).toBe(
      "The link's ‘From’ “abc” and ‘To’ “xyz” are not days written YYYY-MM-DD: no payments are " +
        'shown. Choose the period and press Show payments.',
    );
    expect(unreadablePeriod([{ end: 'from', value: '30-11-2026' }])).toBe(
      "The link's ‘From’ “30-11-2026” is not a day written YYYY-MM-DD: no payments are shown. " +
        'Choose the period and press Show payments.',
    );
    // A long one is cut short in the message.
    expect(unreadablePeriod([{ end: 'to', value: 'x'.repeat(500) }])).toContain(
      `“${'x'.repeat(40)}…”`,
    );
  });

  it('refuses From after To as the form does', () => {
    expect(link('from=2026-11-30&to=2026-11-01')).toEqual({
      view: { ...defaultView, from: '2026-11-30', to: '2026-11-01' },
      refusal: PERIOD_REVERSED,
      ignored: [],
    });
    expect(link('from=2026-11-30&to=2026-11-30').refusal).toBeNull();
    expect(link('from=2026-11-30&to=').refusal).toBeNull();
  });

  it('says which kind or failed it leaves aside, and what is shown instead', () => {
    expect(link('kind=bogus&failed=xyz')).toEqual({
      view: defaultView,
      refusal: null,
      ignored: [kindIgnored('bogus'), failedIgnored('xyz')],
    });
    expect(kindIgnored('bogus')).toBe(
      "The link's ‘Kind’ “bogus” is not a kind of purchase: all kinds are shown.",
    );
    expect(failedIgnored('xyz')).toBe(
      "The link's “failed=xyz” is not understood: failed attempts are shown.",
    );
    // A page that is not one is the first, quietly: every page is the same period's.
    expect(link('page=-3').view.page).toBe(0);
    expect(link('page=two').view.page).toBe(0);
  });
});
