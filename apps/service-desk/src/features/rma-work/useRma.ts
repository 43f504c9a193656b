import { useCallback } from 'react';
import type { DepotRma } from '@portal/api-client';
import { useApi } from '@portal/auth';
import { useRead } from '../../shared/useRead';

/** The RMA as staff see it (GET /depot/rmas/{number}), read again after each step staff take. */
export function useRma(number: string) {
  const api = useApi();
  return useRead<DepotRma>(useCallback((signal) => api.depot.rma(number, { signal }), [api, number]));
}
