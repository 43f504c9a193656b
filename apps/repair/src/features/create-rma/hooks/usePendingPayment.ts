import { useEffect, useState } from 'react';
import { isAbortError, type PendingRmaPayment } from '@portal/api-client';
import { useApi } from '@portal/auth';
import type { SerialCheck } from '@portal/forms/units';

/**
 * The caller's RMA that awaits its payment and holds the unit: asked once the serial check says
 * the unit has an RMA ('RMA Already Exists For This Unit'), so a customer who left the payment
 * provider without paying is offered to pay or cancel it instead of a dead end. `enabled` is
 * false while the page handles a payment itself. null while there is none (or while it is asked).
 */
export function usePendingPayment(check: SerialCheck, enabled: boolean): PendingRmaPayment | null {
  const api = useApi();
  const serial = check.unit?.serial ?? '';
  const asks = enabled && check.status === 'not-valid' && check.unit?.cardState === 'rma-exists';
  const [found, setFound] = useState<PendingRmaPayment | null>(null);

  useEffect(() => {
    if (!asks) return undefined;
    const controller = new AbortController();
    api.repair.awaitingPayment(serial, { signal: controller.signal }).then(
      (pending) => {
        if (!controller.signal.aborted) setFound(pending);
      },
      (error: unknown) => {
        // Without the answer the page is as it was: the unit card says the RMA exists.
        if (!isAbortError(error) && !controller.signal.aborted) console.error('Looking for an RMA awaiting its payment failed', error);
      },
    );
    return () => controller.abort();
  }, [api, asks, serial]);

  return asks && found?.serial === serial ? found : null;
}
