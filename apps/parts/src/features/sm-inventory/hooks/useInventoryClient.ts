import { useMemo } from 'react';
import { createInventoryClient, type InventoryClient } from '@portal/api-client';
import { useApi } from '@portal/auth';

/** The inventory's typed calls over the session's HTTP client (with its token handling). */
export function useInventoryClient(): InventoryClient {
  const api = useApi();
  return useMemo(() => createInventoryClient(api.http), [api]);
}
