/*
 * Section 4: changing a place empties what hung on it — the places chosen under it, and the
 * pincode, which belongs to the place (a Thane PIN stayed on an ad moved to Leh). One table for
 * Post Ad / Edit Ad, Edit profile and the ad list's filters.
 */

export type PlaceField = 'country' | 'state' | 'district' | 'neighbourHood' | 'pincode';

/** What changing each place empties. */
export const PLACE_DEPENDANTS: Readonly<Partial<Record<string, readonly PlaceField[]>>> = {
  country: ['state', 'district', 'neighbourHood', 'pincode'],
  state: ['district', 'neighbourHood', 'pincode'],
  district: ['neighbourHood', 'pincode'],
};

/**
 * `form` once `changed` has changed: the places that hung on it emptied, of those the form has
 * (the filters have no pincode).
 */
export function withPlaceDependantsCleared<Form extends Partial<Record<PlaceField, string>>>(
  form: Form,
  changed: string,
): Form {
  const next: Partial<Record<PlaceField, string>> = { ...form };
  for (const field of PLACE_DEPENDANTS[changed] ?? []) if (field in next) next[field] = '';
  return next as Form;
}

/** Said under Pincode once a changed place has emptied it: the member may not see it go. */
export const PINCODE_EMPTIED_HINT = 'Emptied with the place: enter the new place’s pincode.';

/** Whether setting `field` to `value` empties a pincode `form` holds. */
export const emptiesPincode = (
  form: Partial<Record<PlaceField, string>>,
  field: string,
  value: string,
): boolean =>
  Boolean(form.pincode) &&
  (PLACE_DEPENDANTS[field] ?? []).includes('pincode') &&
  form[field as PlaceField] !== value;
