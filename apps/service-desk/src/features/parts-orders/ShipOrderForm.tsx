import { useState, type FormEvent } from 'react';
import type { AwaitingPartsOrder, ShippedPartsOrder } from '@portal/api-client';
import { useApi } from '@portal/auth';
import { Banner, Button, Row, TextField } from '@portal/ui';
import { MSG } from '../../shared/messages';
import { useCheckedSubmit, type FieldMessages } from '../../shared/useCheckedSubmit';

/** Ships one paid order: the carrier and its tracking number, e-mailed to the customer. */
export function ShipOrderForm({ order, onShipped }: { order: AwaitingPartsOrder; onShipped: (shipped: ShippedPartsOrder) => void }) {
  const api = useApi();
  const [carrier, setCarrier] = useState('');
  const [tracking, setTracking] = useState('');
  const { formRef, refusal, sending, submit: send, fieldError } = useCheckedSubmit();

  const submit = (event: FormEvent) => {
    const errors: FieldMessages = {};
    if (!carrier.trim()) errors.carrier = MSG.required;
    if (!tracking.trim()) errors.trackingNumber = MSG.required;
    return send(event, errors, async () => {
      onShipped(await api.depot.shipPartsOrder(order.rmaBatchId, { carrier: carrier.trim(), trackingNumber: tracking.trim() }));
    });
  };

  return (
    <form ref={formRef} noValidate aria-label={`Ship ${order.rmaBatchId}`} onSubmit={(event) => void submit(event)}>
      {refusal ? <Banner variant="error">{refusal.message}</Banner> : null}
      <Row $gap="sm">
        <TextField label={`Carrier of ${order.rmaBatchId}`} value={carrier} onChange={(event) => setCarrier(event.target.value)} error={fieldError('carrier')} />
        <TextField
          label={`Tracking number of ${order.rmaBatchId}`}
          autoComplete="off"
          value={tracking}
          onChange={(event) => setTracking(event.target.value)}
          error={fieldError('trackingNumber')}
        />
        <div>
          <Button type="submit" disabled={sending}>
            {sending ? 'Shipping…' : 'Ship'}
          </Button>
        </div>
      </Row>
    </form>
  );
}
