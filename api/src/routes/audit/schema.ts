import { z } from 'zod';
import { financialYearOf } from '@boli/engine/billing/invoice.rules';
import { LIMITS } from '@boli/engine/shared/limits';
import { PURCHASE_KINDS } from '@boli/engine/billing/products';
import { instantOfDateTime, isCalendarDate, startOfIndiaDay } from '@boli/engine/shared/indiaTime';
import { blankAsAbsent } from '../../http/blankInput.ts';
import { isFinancialYear } from './invoiceSeries.ts';
import { pageNumber } from '../../http/pageNumbers.ts';

/**
 * The instant a period's end names: a day (YYYY-MM-DD, a real one) stands for its start in India,
 * a date-time with an offset for itself, one without for India's wall clock (as the audit screen
 * writes times). Undefined for anything else.
 */
function instantNamed(value: string): Date | undefined {
  if (isCalendarDate(value)) return new Date(startOfIndiaDay(value));
  const instant = instantOfDateTime(value);
  return instant === undefined ? undefined : new Date(instant);
}

/** A day (YYYY-MM-DD, India's calendar) or a date-time. */
const instantOrDay = z
  .string()
  .trim()
  .refine((value) => instantNamed(value) !== undefined, {
    message: "must be a date (YYYY-MM-DD) or a date-time (India's clock unless it has an offset)",
  });

/** The start of a day in India, or the instant itself. */
const startOf = (value: string): Date => instantNamed(value)!;

/**
 * How much a date-time names, by how it is written: a minute, a second (the ledger shows times to
 * the second) or a millisecond.
 */
const spanOf = (value: string): number => {
  const time = /T\d{2}:\d{2}(:\d{2}(\.\d+)?)?/.exec(value);
  return time?.[2] ? 1 : time?.[1] ? 1000 : 60_000;
};

/**
 * `to` is included, as `from` is: a day runs the ledger to the start of the next, a date-time to
 * the end of what it names ('…13:33:22' includes a payment shown at 13:33:22, made at 22.634).
 */
const endOf = (value: string): Date =>
  isCalendarDate(value)
    ? new Date(startOf(value).getTime() + 24 * 3600_000)
    : new Date(startOf(value).getTime() + spanOf(value));

/** Where a period left open at either end begins and ends. */
export const OPEN_FROM = new Date(0);
export const OPEN_TO = new Date('9999-12-31T00:00:00Z');

/** An end of the period; left out or left empty (a cleared date field): open. */
const periodEnd = z.preprocess(blankAsAbsent, instantOrDay.optional());

/** The instants a period's ends name; an end left open runs to the beginning or end of time. */
const instantsOf = ({ from, to }: { from?: string | undefined; to?: string | undefined }) => ({
  from: from === undefined ? OPEN_FROM : startOf(from),
  to: to === undefined ? OPEN_TO : endOf(to),
});
const inOrder = ({ from, to }: { from: Date; to: Date }) => from < to;
const FROM_AFTER_TO = { message: 'from must be before to', path: ['to'] };

/**
 * `GET /api/audit/payments?from&to&kind&search&page&failed=hide` (and `payments.csv`, which
 * ignores `page`): both ends optional, page zero-based; `kind` one kind of purchase (`all` or
 * absent: every kind); `search` text an id, invoice or credit-note number or the buyer contains
 * (blank: none); `failed=hide` lists only the payments that moved money (the summary still counts
 * the failed).
 */
export const ledgerQuery = z
  .object({
    from: periodEnd,
    to: periodEnd,
    kind: z.enum(['all', ...PURCHASE_KINDS]).default('all'),
    search: z.preprocess(blankAsAbsent, z.string().trim().max(LIMITS.ledgerSearchMax).optional()),
    page: pageNumber(0).default(0),
    failed: z.enum(['show', 'hide']).default('show'),
  })
  .transform(({ from, to, kind, search, page, failed }) => ({
    ...instantsOf({ from, to }),
    ...(kind === 'all' ? {} : { kind }),
    ...(search === undefined ? {} : { search }),
    page,
    withoutFailed: failed === 'hide',
  }))
  .refine(inOrder, FROM_AFTER_TO);

/**
 * `GET /api/audit/gateway-reconciliation?from&to`: the whole period (every kind, every payment),
 * its ends as the ledger's.
 */
export const reconciliationQuery = z
  .object({ from: periodEnd, to: periodEnd })
  .transform(instantsOf)
  .refine(inOrder, FROM_AFTER_TO);

/** `GET /api/audit/invoices/check?financialYear=2026-27`; the current year when absent. */
export const seriesQuery = (now: Date) =>
  z.object({
    financialYear: z
      .string()
      .trim()
      .refine(isFinancialYear, { message: 'financialYear must look like 2026-27' })
      .default(financialYearOf(now.toISOString())),
  });

/** `GET /api/audit/gateway-check?purchaseId=`. */
export const gatewayCheckQuery = z.object({ purchaseId: z.string().trim().min(1).max(100) });
