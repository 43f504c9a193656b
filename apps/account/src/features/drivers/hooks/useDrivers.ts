import { useCallback, useEffect, useState } from 'react';
import { isAbortError, type ModelDrivers } from '@portal/api-client';
import { useApi } from '@portal/auth';

export type DriverList = { status: 'loading' } | { status: 'ready'; models: ModelDrivers[] } | { status: 'failed' };

/** GET /account-mgr/drivers: the drivers of each model of the customer's units. */
export function useDrivers(): { list: DriverList; reload: () => void } {
  const api = useApi();
  const [attempt, setAttempt] = useState(0);
  const [list, setList] = useState<DriverList>({ status: 'loading' });

  useEffect(() => {
    const controller = new AbortController();
    api.accountManager.drivers({ signal: controller.signal }).then(
      (models) => {
        if (!controller.signal.aborted) setList({ status: 'ready', models });
      },
      (error: unknown) => {
        if (isAbortError(error) || controller.signal.aborted) return;
        console.error('Loading the drivers failed', error);
        setList({ status: 'failed' });
      },
    );
    return () => controller.abort();
  }, [api, attempt]);

  return { list, reload: useCallback(() => setAttempt((n) => n + 1), []) };
}
