import { useEffect, useState } from 'react';
import { isAbortError, type Branch } from '@portal/api-client';
import { useApi } from '@portal/auth';

export type BranchesState =
  | { status: 'idle' }
  | { status: 'loading' }
  | { status: 'failed' }
  | { status: 'ready'; branches: Branch[] };

/**
 * The organization's branches (GET /account-mgr/branches), loaded only for a member (`enabled`):
 * others have none and would be answered 403.
 */
export function useBranches(enabled: boolean): BranchesState {
  const api = useApi();
  const [loaded, setLoaded] = useState<BranchesState | null>(null);

  useEffect(() => {
    if (!enabled) return undefined;
    const controller = new AbortController();
    api.accountManager.branches({ signal: controller.signal }).then(
      ({ branches }) => {
        if (!controller.signal.aborted) setLoaded({ status: 'ready', branches });
      },
      (error: unknown) => {
        if (isAbortError(error) || controller.signal.aborted) return;
        console.error('Loading the branches failed', error);
        setLoaded({ status: 'failed' });
      },
    );
    return () => controller.abort();
  }, [api, enabled]);

  if (!enabled) return { status: 'idle' };
  return loaded ?? { status: 'loading' };
}
