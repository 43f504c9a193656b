import { useEffect, useState } from 'react';
import { isAbortError, type OfficeQuery, type ShippingOffice } from '@portal/api-client';
import { useApi } from '@portal/auth';

export type Offices =
  | { status: 'idle' | 'loading' | 'failed' }
  | { status: 'ready'; offices: ShippingOffice[] };

/** Drop-off offices near the address, loaded while `query` is given (option 'qr' chosen). */
export function useShippingOffices(query: OfficeQuery | null): Offices {
  const api = useApi();
  const key = query ? JSON.stringify(query) : null;
  const [loaded, setLoaded] = useState<{ key: string; offices: Offices } | null>(null);

  useEffect(() => {
    if (key === null) return undefined;
    const controller = new AbortController();
    api.shipping.offices(JSON.parse(key) as OfficeQuery, { signal: controller.signal }).then(
      (offices) => setLoaded({ key, offices: { status: 'ready', offices } }),
      (error: unknown) => {
        if (isAbortError(error) || controller.signal.aborted) return;
        console.error('Loading the shipping offices failed', error);
        setLoaded({ key, offices: { status: 'failed' } });
      },
    );
    return () => controller.abort();
  }, [api, key]);

  if (key === null) return { status: 'idle' };
  return loaded && loaded.key === key ? loaded.offices : { status: 'loading' };
}
