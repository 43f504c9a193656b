import { useEffect, useEffectEvent, useState } from 'react';
import { isAbortError, type DashboardSummary, type RmaStatusEvent } from '@portal/api-client';
import { useApi } from '@portal/auth';

export const DASHBOARD_FAILED = 'Your dashboard could not be loaded. Please try again.';

export type DashboardState =
  | { status: 'loading' }
  | { status: 'ready'; summary: DashboardSummary; refreshing: boolean }
  | { status: 'failed'; message: string };

/** The stream's client id: random per page, so each open dashboard is its own subscriber. */
export function newClientId(): string {
  return globalThis.crypto?.randomUUID?.() ?? `dashboard-${Date.now()}-${Math.random().toString(36).slice(2)}`;
}

/** GET /gss-dashboard/summary, again whenever `version` changes; the last summary stays shown meanwhile. */
export function useDashboardSummary(version: number): DashboardState {
  const api = useApi();
  const [result, setResult] = useState<{ version: number; ok: boolean; summary: DashboardSummary | null } | null>(null);
  const [shown, setShown] = useState<DashboardSummary | null>(null);

  useEffect(() => {
    const controller = new AbortController();
    api.account.dashboard({ signal: controller.signal }).then(
      (summary) => {
        if (controller.signal.aborted) return;
        setResult({ version, ok: true, summary });
        setShown(summary);
      },
      (error: unknown) => {
        if (controller.signal.aborted || isAbortError(error)) return;
        setResult({ version, ok: false, summary: null });
      },
    );
    return () => controller.abort();
  }, [api, version]);

  const current = result && result.version === version ? result : null;
  if (current?.ok && current.summary) return { status: 'ready', summary: current.summary, refreshing: false };
  // A failed refresh keeps the figures already shown rather than blanking the page.
  if (shown) return { status: 'ready', summary: shown, refreshing: !current };
  if (current && !current.ok) return { status: 'failed', message: DASHBOARD_FAILED };
  return { status: 'loading' };
}

/**
 * Follows the dashboard's event stream while the page is open: every `rma-status` event is
 * handed to onStatus; a reconnect after a drop calls onReconnect (events may have been missed).
 */
export function useDashboardStream(onStatus: (event: RmaStatusEvent) => void, onReconnect: () => void): void {
  const api = useApi();
  const [clientId] = useState(newClientId);
  // The latest callbacks, without restarting the stream when they change.
  const statusChanged = useEffectEvent(onStatus);
  const reconnected = useEffectEvent(onReconnect);

  useEffect(() => {
    const controller = new AbortController();
    void api.account.followDashboard(clientId, {
      signal: controller.signal,
      onStatus: (event) => statusChanged(event),
      onOpen: (again) => {
        if (again) reconnected();
      },
    });
    return () => controller.abort();
  }, [api, clientId]);
}
