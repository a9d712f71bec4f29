import { apiRequest } from './client.ts';

/** Reference data of the address pickers (GET /api/address/…), as the api answers it. */
export type Country = { _id: string; name: string; code: string; dialCode: string };
export type Place = { _id: string; name: string };

const list = async <T>(path: string, query?: Record<string, string>): Promise<T[]> => {
  const data = await apiRequest<unknown>(path, { query });
  return Array.isArray(data) ? (data as T[]) : [];
};

export const fetchCountries = () => list<Country>('/api/address/getCountry');
export const fetchStates = (country: string) => list<Place>('/api/address/getState', { country });
export const fetchDistricts = (country: string, state: string) =>
  list<Place>('/api/address/getDistrict', { country, state });
export const fetchNeighbourhoods = (country: string, state: string, district: string) =>
  list<Place>('/api/address/getNeighbourhood', { country, state, district });
