import { describe, expect, it } from 'vitest';
import { csvField, csvHead, csvLine, CsvNumber } from './csv.ts';

describe('a CSV field', () => {
  it('is the value as it is when nothing in it needs quoting', () => {
    expect(csvField('Priya Iyer')).toBe('Priya Iyer');
    expect(csvField(9)).toBe('9');
    expect(csvField(false)).toBe('false');
    expect(csvField(null)).toBe('');
  });

  it('is quoted, its quotes doubled, when it holds a comma, a quote or a line break', () => {
    expect(csvField('Iyer, Priya')).toBe('"Iyer, Priya"');
    expect(csvField('the "best" flat')).toBe('"the ""best"" flat"');
    expect(csvField('line one\nline two')).toBe('"line one\nline two"');
  });

  it('never lets text a member typed run as a spreadsheet formula', () => {
    expect(csvField('=HYPERLINK("http://x")')).toBe('"\'=HYPERLINK(""http://x"")"');
    expect(csvField('+91 98765')).toBe("'+91 98765");
    expect(csvField('-5')).toBe("'-5");
    expect(csvField('@sum')).toBe("'@sum");
    expect(csvField(-5)).toBe('-5');
  });
});

describe('a line of the file', () => {
  it('ends with CRLF; the file starts with a byte-order mark and its header', () => {
    expect(csvLine(['a', 1, null, new CsvNumber('-2.50')])).toBe('a,1,,-2.50\r\n');
    expect(csvHead(['Amount (₹)', 'Alias'])).toBe('\uFEFFAmount (₹),Alias\r\n');
  });
});
