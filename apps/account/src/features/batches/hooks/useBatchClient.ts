import { useMemo } from 'react';
import { createBatchClient, type BatchClient } from '@portal/api-client';
import { useApi } from '@portal/auth';

/** The batch service's typed calls over the session's HTTP client (with its token handling). */
export function useBatchClient(): BatchClient {
  const api = useApi();
  return useMemo(() => createBatchClient(api.http), [api]);
}
