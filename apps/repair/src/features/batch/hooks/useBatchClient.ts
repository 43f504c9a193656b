import { useMemo } from 'react';
import { createBatchClient, type ApiClient, type BatchClient } from '@portal/api-client';
import { useApi } from '@portal/auth';

/**
 * The batch service's typed client: the session's own when its ApiClient carries one (and the
 * tests' fake), else one made over the session's HTTP wrapper (bearer token, refresh and all).
 */
export function useBatchClient(): BatchClient {
  const api = useApi() as ApiClient & { batch?: BatchClient };
  return useMemo(() => api.batch ?? createBatchClient(api.http), [api]);
}
