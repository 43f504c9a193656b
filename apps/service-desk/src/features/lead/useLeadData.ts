import { useCallback, useState } from 'react';
import type { AuditEntry, BacklogStatus, DepotFlag, TurnaroundReport } from '@portal/api-client';
import { useApi } from '@portal/auth';
import { useRead } from '../../shared/useRead';

export function useBacklog() {
  const api = useApi();
  return useRead<BacklogStatus[]>(useCallback((signal) => api.depot.backlog({ signal }), [api]));
}

export function useFlags() {
  const api = useApi();
  return useRead<DepotFlag[]>(useCallback((signal) => api.depot.flags({ signal }), [api]));
}

/** The turnaround over the server's default window (the last 90 days). */
export function useTurnaround() {
  const api = useApi();
  return useRead<TurnaroundReport>(useCallback((signal) => api.depot.turnaround(undefined, { signal }), [api]));
}

/** The audit a page at a time, newest first; `after` is the page's cursor ('' for the first). */
export function useAudit() {
  const api = useApi();
  const [after, setAfter] = useState('');
  const read = useCallback(
    async (signal: AbortSignal): Promise<{ items: AuditEntry[]; next: string; after: string }> => {
      const page = await api.depot.audit(after ? { after } : {}, { signal });
      return { ...page, after };
    },
    [api, after],
  );
  return { ...useRead(read), setAfter };
}
