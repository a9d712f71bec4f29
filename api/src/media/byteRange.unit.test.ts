import { describe, expect, it } from 'vitest';
import { byteRangeOf, contentRange, unsatisfiedRange } from './byteRange.ts';

const partial = (start: number, end: number) => ({ kind: 'partial', range: { start, end } });

describe('a Range header against a 1,000-byte file', () => {
  it('serves a closed range, clipped to the end of the file', () => {
    expect(byteRangeOf('bytes=0-99', 1000)).toEqual(partial(0, 99));
    expect(byteRangeOf('bytes=900-5000', 1000)).toEqual(partial(900, 999));
    expect(byteRangeOf('bytes=999-999', 1000)).toEqual(partial(999, 999));
  });

  it('serves an open-ended range to the end and a suffix range of the last bytes', () => {
    expect(byteRangeOf('bytes=500-', 1000)).toEqual(partial(500, 999));
    expect(byteRangeOf('bytes=-100', 1000)).toEqual(partial(900, 999));
    expect(byteRangeOf('bytes=-5000', 1000)).toEqual(partial(0, 999));
  });

  it('refuses a range that starts past the end, or an empty suffix', () => {
    expect(byteRangeOf('bytes=1000-', 1000)).toEqual({ kind: 'unsatisfiable' });
    expect(byteRangeOf('bytes=2000-3000', 1000)).toEqual({ kind: 'unsatisfiable' });
    expect(byteRangeOf('bytes=-0', 1000)).toEqual({ kind: 'unsatisfiable' });
    expect(byteRangeOf('bytes=0-', 0)).toEqual({ kind: 'unsatisfiable' });
  });

  it('ignores what it does not serve: no header, other units, several ranges, nonsense', () => {
    for (const header of [undefined, '', 'items=0-1', 'bytes=0-1,5-9', 'bytes=9-1', 'bytes=-']) {
      expect(byteRangeOf(header, 1000)).toEqual({ kind: 'whole' });
    }
  });

  it('writes Content-Range', () => {
    expect(contentRange({ start: 0, end: 99 }, 1000)).toBe('bytes 0-99/1000');
    expect(unsatisfiedRange(1000)).toBe('bytes */1000');
  });
});
