import { useCallback, useEffect, useState } from 'react';
import { isAbortError, isApiError, type Branches } from '@portal/api-client';
import { useApi } from '@portal/auth';

export type BranchList =
  | { status: 'loading' }
  | { status: 'ready'; data: Branches }
  /** 403 account.noOrganization: the user is in no organization (the route guard normally stops them first). */
  | { status: 'no-organization' }
  | { status: 'failed' };

/** GET /account-mgr/branches, loaded on mount and again with `reload` (after a change). */
export function useBranchList(): { list: BranchList; reload: () => void } {
  const api = useApi();
  const [attempt, setAttempt] = useState(0);
  const [loaded, setLoaded] = useState<{ attempt: number; list: BranchList } | null>(null);

  useEffect(() => {
    const controller = new AbortController();
    api.accountManager.branches({ signal: controller.signal }).then(
      (data) => {
        if (!controller.signal.aborted) setLoaded({ attempt, list: { status: 'ready', data } });
      },
      (error: unknown) => {
        if (isAbortError(error) || controller.signal.aborted) return;
        if (isApiError(error) && error.status === 403) {
          setLoaded({ attempt, list: { status: 'no-organization' } });
          return;
        }
        console.error('Loading the branches failed', error);
        setLoaded({ attempt, list: { status: 'failed' } });
      },
    );
    return () => controller.abort();
  }, [api, attempt]);

  const reload = useCallback(() => setAttempt((n) => n + 1), []);
  // While reloading after a change, the list shown so far stays (no flash of 'Loading').
  const list: BranchList = loaded ? loaded.list : { status: 'loading' };
  return { list, reload };
}
