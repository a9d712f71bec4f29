import { describe, expect, it } from 'vitest';
import type { LedgerEntry } from './ledger.ts';
import { LEDGER_CSV_COLUMNS, ledgerCsvName } from './ledgerCsv.ts';
import { OPEN_FROM, OPEN_TO } from './schema.ts';

describe('the file’s name', () => {
  it('names the period by its India days, both ends included, and the kind', () => {
    expect(
      ledgerCsvName({
        from: new Date('2026-03-31T18:30:00Z'), // 2026-04-01 00:00 IST
        to: new Date('2027-03-31T18:30:00Z'), // the start of 2027-04-01 IST: the 31st is the last day
        kind: 'bidFee',
      }),
    ).toBe('boli-payments-2026-04-01-to-2027-03-31-bidFee.csv');
  });

  it('says where the period is open', () => {
    expect(ledgerCsvName({ from: OPEN_FROM, to: OPEN_TO })).toBe('boli-payments-start-to-end.csv');
  });

  it('says when a search kept only some of the payments', () => {
    expect(ledgerCsvName({ from: OPEN_FROM, to: OPEN_TO, search: 'BOLI/2026-27/7' })).toBe(
      'boli-payments-start-to-end-matching.csv',
    );
    // Failed attempts left out: another file than the whole period's.
    expect(ledgerCsvName({ from: OPEN_FROM, to: OPEN_TO, withoutFailed: true })).toBe(
      'boli-payments-start-to-end-without-failed.csv',
    );
  });
});

describe('a refund’s reason', () => {
  const cell = (refundReason: string | null) =>
    LEDGER_CSV_COLUMNS.find(([title]) => title === 'Refund reason')![1]({
      refundReason,
    } as LedgerEntry);

  it('is in words, as the screen says it; blank without a refund', () => {
    expect(cell('biddingClosed')).toBe('bidding closed before the payment was confirmed');
    expect(cell(null)).toBeNull();
  });
});
