import { useEffect, useState } from 'react';
import { useLoaderData } from '@portal/router';
import type { Country } from '@portal/api-client';
import { useApi } from '@portal/auth';
import { loadCountries, type CountriesData } from '../index';

/**
 * The countries the host's route loader fetched before the page opened (spec §2). Should the page
 * be mounted without that loader (or the load failed), they are fetched here once.
 */
export function useCountries(): readonly Country[] {
  const preloaded = (useLoaderData() as Partial<CountriesData> | undefined)?.countries;
  const api = useApi();
  const [fetched, setFetched] = useState<Country[] | null>(null);
  const needed = !preloaded || preloaded.length === 0;

  useEffect(() => {
    if (!needed) return undefined;
    const controller = new AbortController();
    void loadCountries(api.locations, controller.signal).then(({ countries }) => {
      if (!controller.signal.aborted) setFetched(countries);
    });
    return () => controller.abort();
  }, [api, needed]);

  return needed ? (fetched ?? []) : preloaded;
}
