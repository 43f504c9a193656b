import { useCallback, useEffect, useState } from 'react';
import { isAbortError, type Registration } from '@portal/api-client';
import { useApi } from '@portal/auth';

export type RegistrationList = { status: 'loading' } | { status: 'ready'; items: Registration[] } | { status: 'failed' };

/** GET /account-mgr/registrations, on mount and again with `reload` (after a registration). */
export function useRegistrations(): { list: RegistrationList; reload: () => void } {
  const api = useApi();
  const [attempt, setAttempt] = useState(0);
  const [list, setList] = useState<RegistrationList>({ status: 'loading' });

  useEffect(() => {
    const controller = new AbortController();
    api.accountManager.registrations({ signal: controller.signal }).then(
      (items) => {
        if (!controller.signal.aborted) setList({ status: 'ready', items });
      },
      (error: unknown) => {
        if (isAbortError(error) || controller.signal.aborted) return;
        console.error('Loading the registrations failed', error);
        setList({ status: 'failed' });
      },
    );
    return () => controller.abort();
  }, [api, attempt]);

  return { list, reload: useCallback(() => setAttempt((n) => n + 1), []) };
}
