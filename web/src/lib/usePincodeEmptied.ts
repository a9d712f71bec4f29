import { useState } from 'react';
import { emptiesPincode, PINCODE_EMPTIED_HINT, type PlaceField } from './placeFields.ts';

/**
 * The hint under Pincode from when a changed place empties it (`emptiesPincode`) until the
 * member types there again; `changing` is told each change before it is made.
 */
export function usePincodeEmptied() {
  const [emptied, setEmptied] = useState(false);
  const changing = (form: Partial<Record<PlaceField, string>>, field: string, value: string) => {
    if (field === 'pincode') setEmptied(false);
    else if (emptiesPincode(form, field, value)) setEmptied(true);
  };
  return { hint: emptied ? PINCODE_EMPTIED_HINT : undefined, changing };
}
