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

type Answered = { key: string | null; attempt: number; names: string[]; failed: boolean };

/**
 * A reference list that is fetched again whenever `key` or `attempt` (Retry) changes; [] until it
 * is known or when `key` is null. `failed`: its last answer was a failure; `loading`: asking now.
 */
function useList(key: string | null, attempt: number, fetchList: () => Promise<string[]>) {
  const [list, setList] = useState<Answered>({ key: null, attempt: 0, names: [], failed: false });
  useEffect(() => {
    if (key === null) return;
    let live = true;
    fetchList().then(
      (names) => live && setList({ key, attempt, names, failed: false }),
      () =>
        live &&
        setList((last) => ({
          key,
          attempt,
          names: last.key === key ? last.names : [],
          failed: true,
        })),
    );
    return () => {
      live = false;
    };
    // fetchList is rebuilt on every render; the key and the attempt say when its answer changes.
  }, [key, attempt]);
  const current = key !== null && list.key === key;
  return {
    names: current ? list.names : [],
    failed: current && list.failed,
    loading: key !== null && (!current || list.attempt !== attempt),
  };
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
  {
    vehicle,
    neighbourhoodsOfAds = false,
  }: {
    vehicle: boolean;
    /** The filter's neighbourhoods: those the district's ads name too, not only its list. */
    neighbourhoodsOfAds?: boolean;
  },
) {
  const india = isIndia(country);
  const [attempt, setAttempt] = useState(0);
  const categories = useList('all', attempt, () => get(AD_PATHS.categories));
  const subcategories = useList(category ? category : null, attempt, () =>
    get(AD_PATHS.subcategories, { category }),
  );
  const makes = useList(vehicle && subcategory ? `${category}|${subcategory}` : null, attempt, () =>
    get(AD_PATHS.makes, { category, subcategory }),
  );
  const models = useList(
    vehicle && subcategory && make ? `${category}|${subcategory}|${make}` : null,
    attempt,
    () => get(AD_PATHS.models, { category, subcategory, make }),
  );
  const years = useList(vehicle ? 'years' : null, attempt, () =>
    apiRequest<unknown>(AD_PATHS.years).then((data) =>
      Array.isArray(data) ? data.map((year) => String(year)) : [],
    ),
  );
  const countries = useList('all', attempt, () => fetchCountries().then(namesOf));
  const states = useList(country ? country : null, attempt, () =>
    fetchStates(country).then(namesOf),
  );
  const districts = useList(india && state ? `${country}|${state}` : null, attempt, () =>
    fetchDistricts(country, state).then(namesOf),
  );
  const neighbourhoods = useList(
    india && state && district ? `${country}|${state}|${district}` : null,
    attempt,
    () =>
      neighbourhoodsOfAds
        ? get(AD_PATHS.adNeighbourhoods, { country, state, district })
        : fetchNeighbourhoods(country, state, district).then(namesOf),
  );
  const all = [
    categories,
    subcategories,
    makes,
    models,
    years,
    countries,
    states,
    districts,
    neighbourhoods,
  ];
  return {
    categories: categories.names,
    subcategories: subcategories.names,
    makes: makes.names,
    models: models.names,
    years: years.names,
    countries: countries.names,
    states: states.names,
    districts: districts.names,
    neighbourhoods: neighbourhoods.names,
    /** A list could not be loaded: its choices are missing until Retry brings them. */
    loadFailed: all.some((list) => list.failed),
    /** Retry's answers are still on their way. */
    retrying: attempt > 0 && all.some((list) => list.loading),
    /** Asks for every list again. */
    retry: () => setAttempt((n) => n + 1),
  };
}
