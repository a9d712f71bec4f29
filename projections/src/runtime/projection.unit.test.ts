import { describe, expect, it } from 'vitest';
import {
  assertValidProjection,
  defineProjection,
  physicalTableName,
  physicalTables,
} from './projection.ts';

const table = { create: async () => {} };

describe('projection tables', () => {
  it('suffixes physical tables with the version, and forced rebuilds with the build number', () => {
    expect(physicalTableName('ad_list', 2, 0)).toBe('ad_list_v2');
    expect(physicalTableName('ad_list', 2, 3)).toBe('ad_list_v2_b3');
    const projection = defineProjection({
      name: 'ads',
      version: 4,
      handles: [],
      tables: { ad_list: table, ad_search: table },
      handleBatch: async () => {},
    });
    expect(physicalTables(projection, 0)).toEqual({
      ad_list: 'ad_list_v4',
      ad_search: 'ad_search_v4',
    });
  });

  it('refuses names PostgreSQL would mangle or truncate', () => {
    expect(() => physicalTableName('AdList', 1, 0)).toThrow(/must match/);
    expect(() => physicalTableName('x'.repeat(61), 1, 0)).toThrow(/63/);
  });

  it('needs exactly one of handle and handleBatch, and a positive version', () => {
    const base = { name: 'ads', version: 1, handles: [], tables: { ad_list: table } };
    expect(() => assertValidProjection(base)).toThrow(/exactly one/);
    expect(() =>
      assertValidProjection({ ...base, handle: async () => {}, handleBatch: async () => {} }),
    ).toThrow(/exactly one/);
    expect(() => assertValidProjection({ ...base, version: 0, handle: async () => {} })).toThrow(
      /version/,
    );
    expect(() => assertValidProjection({ ...base, handle: async () => {} })).not.toThrow();
  });
});
