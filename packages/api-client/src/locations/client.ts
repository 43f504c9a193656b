import type { HttpClient } from '../client';
import type { City, Country, State } from './types';

type Options = { signal?: AbortSignal };

/** The public locations lists behind the address form (no token needed; one is sent when present). */
export interface LocationsClient {
  countries(options?: Options): Promise<Country[]>;
  /** The states of a country, by the country's geonameId. */
  states(countryGeonameId: number, options?: Options): Promise<State[]>;
  /** The cities of a state, by the state's geonameId; `apo` asks for the military cities. */
  cities(stateGeonameId: number, apo: boolean, options?: Options): Promise<City[]>;
}

const BASE = '/fn/LocationsAPI';

export function createLocationsClient(http: HttpClient): LocationsClient {
  return {
    countries: (options) => http.request<Country[]>('GET', `${BASE}/countries`, { signal: options?.signal }),
    states: (geonameId, options) =>
      http.request<State[]>('GET', `${BASE}/states`, { query: { geonameId }, signal: options?.signal }),
    cities: (geonameId, apo, options) =>
      http.request<City[]>('GET', `${BASE}/cities`, { query: { geonameId, apo }, signal: options?.signal }),
  };
}
