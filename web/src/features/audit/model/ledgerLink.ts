import { isCalendarDate } from '@boli/engine/shared/indiaTime';
import { purchaseKindChoiceOf } from '../../../payments/model/purchaseKinds.ts';
import { defaultPeriod, periodProblem, type LedgerView } from './audit.ts';
import { firstCharacters } from '@boli/engine/shared/characters';

/*
 * The ledger in the address (/audit?from=&to=&search=&kind=&failed=hide&page=), so a reload,
 * Back or a link sent to a colleague shows the same payments; and, for a link the screen cannot
 * read, what it says rather than quietly showing other payments.
 */

type End = 'from' | 'to';

/** A value of the address as a message quotes it: a long one cut short. */
const cut = (value: string): string => {
  const kept = firstCharacters(value, 40);
  return kept === value ? value : `${kept}…`;
};
const quoted = (value: string): string => `“${cut(value)}”`;

const END_LABEL: Record<End, string> = { from: '‘From’', to: '‘To’' };

/**
 * Why a link's period is refused when an end is not a day: "The link's ‘From’ “30-11-2026” is not
 * a day written YYYY-MM-DD: …". The date fields hold days only (a date-time is not one).
 */
export function unreadablePeriod(ends: { end: End; value: string }[]): string {
  const named = ends.map(({ end, value }) => `${END_LABEL[end]} ${quoted(value)}`).join(' and ');
  const isNot = ends.length === 1 ? 'is not a day' : 'are not days';
  return `The link's ${named} ${isNot} written YYYY-MM-DD: no payments are shown. Choose the period and press Show payments.`;
}

export const kindIgnored = (kind: string): string =>
  `The link's ‘Kind’ ${quoted(kind)} is not a kind of purchase: all kinds are shown.`;

export const failedIgnored = (failed: string): string =>
  `The link's “failed=${cut(failed)}” is not understood: failed attempts are shown.`;

/** What a link asks the ledger for, as far as the screen can read it. */
export type LedgerLink = {
  /** The view shown; an end that is not a day is the default period's, in the date fields. */
  view: LedgerView;
  /**
   * Why the link's period cannot be shown (an end not a day, From after To), or null: then no
   * payments are asked for or downloaded until a period is chosen, as when the form refuses one.
   */
  refusal: string | null;
  /** What the link asked for that the screen leaves aside, each with what is shown instead. */
  ignored: string[];
};

/**
 * The ledger the address asks for. An end absent is the default period's; present but empty,
 * cleared (open); anything else not a day refuses the period. A kind or `failed` the screen does
 * not know is said and left aside (a blank one quietly); a page that is not one is the first.
 */
export function ledgerLinkOf(params: URLSearchParams, now: Date): LedgerLink {
  const period = defaultPeriod(now);
  const unreadable = (['from', 'to'] as const).flatMap((end) => {
    const value = params.get(end);
    return value !== null && value !== '' && !isCalendarDate(value) ? [{ end, value }] : [];
  });
  const day = (end: End) =>
    unreadable.some((bad) => bad.end === end) ? period[end] : (params.get(end) ?? period[end]);
  const kind = params.get('kind') ?? '';
  const failed = params.get('failed') ?? '';
  const page = Number(params.get('page') ?? 0);
  const view: LedgerView = {
    from: day('from'),
    to: day('to'),
    search: params.get('search') ?? '',
    kind: purchaseKindChoiceOf(kind),
    hideFailed: failed === 'hide',
    page: Number.isSafeInteger(page) && page > 0 ? page : 0,
  };
  return {
    view,
    refusal: unreadable.length > 0 ? unreadablePeriod(unreadable) : periodProblem(view),
    ignored: [
      ...(kind !== '' && kind !== view.kind ? [kindIgnored(kind)] : []),
      ...(failed !== '' && failed !== 'hide' && failed !== 'show' ? [failedIgnored(failed)] : []),
    ],
  };
}

/**
 * The address's query for `view`: only what differs from the default ledger. A period chosen is
 * written whole, both ends: a To of today left out would run to a later day when the link is
 * opened tomorrow, and show other payments than those handed over. The default period (the
 * financial year to date) is not written: the page opened afresh follows the days.
 */
export function ledgerParamsOf(view: LedgerView, now: Date): Record<string, string> {
  const period = defaultPeriod(now);
  const chosen = view.from !== period.from || view.to !== period.to;
  return {
    ...(chosen ? { from: view.from, to: view.to } : {}),
    ...(view.search.trim() ? { search: view.search.trim() } : {}),
    ...(view.kind === 'all' ? {} : { kind: view.kind }),
    ...(view.hideFailed ? { failed: 'hide' } : {}),
    ...(view.page > 0 ? { page: String(view.page) } : {}),
  };
}
