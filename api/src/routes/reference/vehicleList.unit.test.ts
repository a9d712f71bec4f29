import { describe, expect, it } from 'vitest';
import { vehicleList } from './catalogue.ts';

const list = vehicleList(
  [
    { vehicle_type: 'Cars', name: 'Maruti Suzuki' },
    { vehicle_type: 'Bikes', name: 'Royal Enfield' },
  ],
  [
    { vehicle_type: 'Cars', make: 'Maruti Suzuki', name: 'Swift' },
    { vehicle_type: 'Bikes', make: 'Royal Enfield', name: 'Classic 350' },
  ],
);

describe('a make and model named as the pickers look them up', () => {
  it('are found in any case, spacing or slug, and answered as the list writes them', () => {
    expect(list.make('Cars', '  maruti   SUZUKI ')).toBe('Maruti Suzuki');
    expect(list.make('Cars', 'maruti-suzuki')).toBe('Maruti Suzuki');
    expect(list.model('Bikes', 'royal-enfield', 'classic 350')).toBe('Classic 350');
    expect(list.model('Bikes', 'Royal Enfield', 'classic-350')).toBe('Classic 350');
    // The lists' own look-up finds the make the same way.
    expect(list.models('Cars', 'maruti-suzuki').map((model) => model.name)).toEqual(['Swift']);
  });

  it('are not found in another type’s list, nor under another make', () => {
    expect(list.make('Boats', 'Maruti Suzuki')).toBeUndefined();
    expect(list.make(undefined, 'Maruti Suzuki')).toBeUndefined();
    expect(list.model('Cars', 'Maruti Suzuki', 'Classic 350')).toBeUndefined();
    expect(list.model('Cars', 'Tata', 'Swift')).toBeUndefined();
  });
});
