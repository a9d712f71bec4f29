import { ACCOUNT_MESSAGES } from '@boli/engine/accounts/account.messages';
import type { FieldError } from '../../http/envelope.ts';
import type { AddressBook } from './catalogue.ts';

export type Place = {
  readonly country: string;
  readonly state: string;
  readonly district: string;
};

/**
 * A place's country, state and district (a profile's, or an ad's own) against the lists the
 * address pickers offer (section 5's dependent pickers): one outside the lists would match none
 * of the ad list's filters, and ads take their place from the profile. Each is found as the
 * pickers find it and answered as the list writes it; a part the list keeps no list of (a state
 * outside India) is free text. A blank one is the domain's to refuse as missing.
 */
export function placeInLists(
  addresses: AddressBook,
  place: Place,
): { named: Partial<Place>; errors: FieldError[] } {
  if (place.country.trim() === '') return { named: {}, errors: [] };
  const found = addresses.placeNamed(place.country, place.state, place.district);
  const errors: FieldError[] = [];
  if (found.country === undefined)
    errors.push({ field: 'country', message: ACCOUNT_MESSAGES.unknownCountry });
  else if (found.state === undefined && place.state.trim() !== '')
    errors.push({ field: 'state', message: ACCOUNT_MESSAGES.unknownState });
  else if (found.district === undefined && place.district.trim() !== '')
    errors.push({ field: 'district', message: ACCOUNT_MESSAGES.unknownDistrict });
  const named: { -readonly [K in keyof Place]?: string } = {};
  if (found.country) named.country = found.country;
  if (found.state) named.state = found.state;
  if (found.district) named.district = found.district;
  return { named, errors };
}

/** Whether a request moves a place (an unchanged one is not judged again). */
export const placeMoved = (place: Place, stored: Place): boolean =>
  place.country !== stored.country ||
  place.state !== stored.state ||
  place.district !== stored.district;

/**
 * A profile's neighbourhood against its district's list (the picker offers only those): found in
 * any case and answered as the list writes it. Free text where the list has none for the district
 * (outside India, a district without neighbourhoods listed); a blank one is the domain's to refuse.
 */
export function neighbourhoodInList(
  addresses: AddressBook,
  place: Place & { readonly neighbourHood: string },
): { named: { neighbourHood?: string }; errors: FieldError[] } {
  const typed = place.neighbourHood.trim().toLowerCase();
  const listed = addresses.neighbourhoods(place.country, place.state, place.district);
  if (typed === '' || listed.length === 0) return { named: {}, errors: [] };
  const found = listed.find(({ name }) => name.toLowerCase() === typed);
  return found
    ? { named: { neighbourHood: found.name }, errors: [] }
    : {
        named: {},
        errors: [{ field: 'neighbourHood', message: ACCOUNT_MESSAGES.unknownNeighbourhood }],
      };
}
