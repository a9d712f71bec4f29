import { useEffect, useState } from 'react';
import { isIndia } from '@boli/engine/accounts/account.rules';
import { apiRequest } from '../../app/api/client.ts';
import {
  fetchCountries,
  fetchDistricts,
  fetchNeighbourhoods,
  fetchStates,
} from '../../app/api/reference.ts';
import { AD_PATHS } from './ads.api.ts';

const namesOf = (data: unknown): string[] =>
  Array.isArray(data)
    ? data
        .map((item: unknown) =>
          typeof item === 'object' && item !== null && 'name' in item ? String(item.name) : '',
        )
        .filter(Boolean)
    : [];

/** A reference list that is fetched again whenever `key` changes; [] until it is known or when `key` is null. */
function useList(key: string | null, fetchList: () => Promise<string[]>): string[] {
  const [list, setList] = useState<{ key: string | null; names: string[] }>({
    key: null,
    names: [],
  });
  useEffect(() => {
    if (key === null) return;
    let live = true;
    fetchList().then(
      (names) => live && setList({ key, names }),
      () => live && setList({ key, names: [] }),
    );
    return () => {
      live = false;
    };
    // fetchList is rebuilt on every render; the key says when its answer changes.
  }, [key]);
  return key !== null && list.key === key ? list.names : [];
}

const get = (path: string, query?: Record<string, string>) =>
  apiRequest<unknown>(path, { query }).then(namesOf);

export type PlaceChoice = { country: string; state: string; district: string };
export type CategoryChoice = { category: string; subcategory: string; make: string };

/**
 * The reference data behind the ad forms and filters (section 7): categories and their
 * subcategories, makes, models and years for the vehicle fields, and the address lists. Each list
 * is asked only once what it depends on is chosen; district and neighbourhood only in India.
 */
export function useReferenceLists(
  { category, subcategory, make }: CategoryChoice,
  { country, state, district }: PlaceChoice,
  { vehicle }: { vehicle: boolean },
) {
  const india = isIndia(country);
  const categories = useList('all', () => get(AD_PATHS.categories));
  const subcategories = useList(category ? category : null, () =>
    get(AD_PATHS.subcategories, { category }),
  );
  const makes = useList(vehicle && subcategory ? `${category}|${subcategory}` : null, () =>
    get(AD_PATHS.makes, { category, subcategory }),
  );
  const models = useList(
    vehicle && subcategory && make ? `${category}|${subcategory}|${make}` : null,
    () => get(AD_PATHS.models, { category, subcategory, make }),
  );
  const years = useList(vehicle ? 'years' : null, () =>
    apiRequest<unknown>(AD_PATHS.years).then((data) =>
      Array.isArray(data) ? data.map((year) => String(year)) : [],
    ),
  );
  const countries = useList('all', () => fetchCountries().then(namesOf));
  const states = useList(country ? country : null, () => fetchStates(country).then(namesOf));
  const districts = useList(india && state ? `${country}|${state}` : null, () =>
    fetchDistricts(country, state).then(namesOf),
  );
  const neighbourhoods = useList(
    india && state && district ? `${country}|${state}|${district}` : null,
    () => fetchNeighbourhoods(country, state, district).then(namesOf),
  );
  return {
    categories,
    subcategories,
    makes,
    models,
    years,
    countries,
    states,
    districts,
    neighbourhoods,
  };
}
