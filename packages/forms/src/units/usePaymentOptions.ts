import { useEffect, useState } from 'react';
import { isAbortError, type PaymentOptions } from '@portal/api-client';
import { useApi } from '@portal/auth';

export type PaymentOptionsState = { status: 'idle' | 'loading' } | { status: 'ready'; options: PaymentOptions } | { status: 'failed' };

/**
 * How the signed-in customer may pay (GET payment-options): the API decides (card for everyone,
 * PO for holders of service:payment:po and then by default, the release-number rule of their
 * e-mail domain). Loaded while `enabled` (idle otherwise); `retry` loads again.
 */
export function usePaymentOptions(enabled = true): { state: PaymentOptionsState; retry: () => void } {
  const api = useApi();
  const [attempt, setAttempt] = useState(0);
  const [loaded, setLoaded] = useState<{ attempt: number; state: PaymentOptionsState } | null>(null);

  useEffect(() => {
    if (!enabled) return undefined;
    const controller = new AbortController();
    api.repair.paymentOptions({ signal: controller.signal }).then(
      (options) => {
        if (!controller.signal.aborted) setLoaded({ attempt, state: { status: 'ready', options } });
      },
      (error: unknown) => {
        if (isAbortError(error) || controller.signal.aborted) return;
        console.error('Loading the payment options failed', error);
        setLoaded({ attempt, state: { status: 'failed' } });
      },
    );
    return () => controller.abort();
  }, [api, enabled, attempt]);

  const state: PaymentOptionsState = !enabled
    ? { status: 'idle' }
    : loaded && loaded.attempt === attempt
      ? loaded.state
      : { status: 'loading' };
  return { state, retry: () => setAttempt((n) => n + 1) };
}
