import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { GST_STATE_CODES, stateWithGstCode } from './gstStateCodes.ts';

const referenceStates = (
  JSON.parse(
    readFileSync(
      new URL('../../../ops/src/seed/reference-data/india-states-districts.json', import.meta.url),
      'utf8',
    ),
  ) as { state: string }[]
).map((entry) => entry.state);

describe('GST state codes', () => {
  it('name every state and union territory of the reference data, each with its own code', () => {
    expect(Object.keys(GST_STATE_CODES).sort()).toEqual([...referenceStates].sort());
    const codes = Object.values(GST_STATE_CODES);
    expect(new Set(codes).size).toBe(codes.length);
    for (const code of codes) expect(code).toMatch(/^\d\d$/);
  });

  it('agree with the supplier GSTIN’s first two digits (Karnataka, 29)', () => {
    expect(stateWithGstCode('Karnataka')).toBe('Karnataka (29)');
    expect(stateWithGstCode('Kerala')).toBe('Kerala (32)');
  });

  it('leave a state without a code as it is', () => {
    expect(stateWithGstCode('')).toBe('');
    expect(stateWithGstCode('Atlantis')).toBe('Atlantis');
  });
});
