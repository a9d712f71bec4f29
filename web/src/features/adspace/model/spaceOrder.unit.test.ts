import { describe, expect, it } from 'vitest';
import type { Space } from '../api/adspaceApi.ts';
import { spacesInOrder } from './spaceOrder.ts';

const space = (_id: string, status: Space['status'], startsAt: string): Space => ({
  _id,
  name: 'inStream',
  cycle: 'monthly',
  startsAt,
  endsAt: startsAt,
  status,
  slotdate: null,
  company: '',
  creative: null,
});

describe('the order of a member’s spaces', () => {
  it('puts those running now first, then those to come soonest first, then those ended', () => {
    const listed = [
      space('slot-feb', 'scheduled', '2027-02-10T18:30:00.000Z'),
      space('slot-jan', 'scheduled', '2027-01-05T18:30:00.000Z'),
      space('old', 'ended', '2026-01-01T00:00:00.000Z'),
      space('recent', 'ended', '2026-06-01T00:00:00.000Z'),
      space('bought-today', 'active', '2026-11-30T06:00:00.000Z'),
    ];
    expect(spacesInOrder(listed).map((s) => s._id)).toEqual([
      'bought-today',
      'slot-jan',
      'slot-feb',
      'recent',
      'old',
    ]);
  });
});
