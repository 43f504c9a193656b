import { useCallback, useState } from 'react';
import type { DepotPage, QueueItem, QueueQuery } from '@portal/api-client';
import { useApi } from '@portal/auth';
import { useRead } from '../../shared/useRead';

/** The queue's filters as the form holds them; empty means any. */
export interface QueueFilters {
  q: string;
  status: string;
  model: string;
  warrantyType: string;
}

export const noFilters: QueueFilters = { q: '', status: '', model: '', warrantyType: '' };

/** What the page asks for: the filters, the page's cursor ('' for the first). */
export interface QueueRequest {
  filters: QueueFilters;
  after: string;
}

function toQuery({ filters, after }: QueueRequest): QueueQuery {
  const query: QueueQuery = {};
  if (filters.q.trim()) query.q = filters.q.trim();
  if (filters.status) query.status = filters.status;
  if (filters.model.trim()) query.model = filters.model.trim();
  if (filters.warrantyType) query.warrantyType = filters.warrantyType;
  if (after) query.after = after;
  return query;
}

/** The depot queue a page at a time (keyset: the next page continues after the last row read). */
export function useQueue() {
  const api = useApi();
  const [request, setRequest] = useState<QueueRequest>({ filters: noFilters, after: '' });
  const read = useCallback((signal: AbortSignal): Promise<DepotPage<QueueItem>> => api.depot.queue(toQuery(request), { signal }), [api, request]);
  return { request, setRequest, ...useRead(read) };
}
