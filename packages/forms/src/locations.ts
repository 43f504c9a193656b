import type { Country } from '@portal/api-client';

/** What a route loader that preloads the countries hands to its page. */
export interface CountriesData {
  countries: Country[];
}

/**
 * Loads the countries for a page that needs them on first render (create-rma, recycle-unit,
 * account-settings). Spec §8: a failure is only logged; the page then gets an empty list.
 */
export async function loadCountries(
  locations: { countries(options?: { signal?: AbortSignal }): Promise<Country[]> },
  signal?: AbortSignal,
): Promise<CountriesData> {
  try {
    return { countries: await locations.countries({ signal }) };
  } catch (error) {
    if (!signal?.aborted) console.error('Loading the countries failed', error);
    return { countries: [] };
  }
}
