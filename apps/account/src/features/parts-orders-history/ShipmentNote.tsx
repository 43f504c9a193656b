import { useEffect, useState } from 'react';
import type { PartsOrderShipment } from '@portal/api-client';
import { useApi } from '@portal/auth';
import { MutedText, formatDate } from '@portal/ui';

export const SHIPMENT_FAILED = 'The tracking number could not be loaded. Open the order again to retry.';

type ShipmentState = { status: 'loading' } | { status: 'ready'; shipment: PartsOrderShipment | null } | { status: 'failed' };

/**
 * A shipped order's carrier and tracking number, as the depot recorded them. The listing
 * (partsOrderBatchConnection) does not carry them, so the open row reads the order itself
 * (GET /parts-manager/orders/:rmaBatchId), once per opening.
 */
export function ShipmentNote({ rmaBatchId }: { rmaBatchId: string }) {
  const api = useApi();
  const [state, setState] = useState<ShipmentState>({ status: 'loading' });
  useEffect(() => {
    const controller = new AbortController();
    api.parts.order(rmaBatchId, { signal: controller.signal }).then(
      (order) => setState({ status: 'ready', shipment: order.shipment ?? null }),
      () => {
        if (!controller.signal.aborted) setState({ status: 'failed' });
      },
    );
    return () => controller.abort();
  }, [api, rmaBatchId]);

  switch (state.status) {
    case 'loading':
      return <MutedText aria-live="polite">Loading the tracking number…</MutedText>;
    case 'failed':
      return <MutedText role="alert">{SHIPMENT_FAILED}</MutedText>;
    default:
      if (!state.shipment) return null;
      return (
        <MutedText>
          Shipped {formatDate(state.shipment.shippedAt)} with {state.shipment.carrier} · tracking number {state.shipment.trackingNumber}
        </MutedText>
      );
  }
}
