import { useState, type FormEvent } from 'react';
import type { AwaitingPartsOrder, ShippedPartsOrder } from '@portal/api-client';
import { useApi } from '@portal/auth';
import { Banner, Button, Row, TextField } from '@portal/ui';
import { refusalOf, type Refusal } from '../../shared/errors';
import { MSG } from '../../shared/messages';
import { useFocusInvalid } from '../../shared/useFocusInvalid';

/** Ships one paid order: the carrier and its tracking number, e-mailed to the customer. */
export function ShipOrderForm({ order, onShipped }: { order: AwaitingPartsOrder; onShipped: (shipped: ShippedPartsOrder) => void }) {
  const api = useApi();
  const [carrier, setCarrier] = useState('');
  const [tracking, setTracking] = useState('');
  const [checked, setChecked] = useState<Record<string, string>>({});
  const [refusal, setRefusal] = useState<Refusal | null>(null);
  const [sending, setSending] = useState(false);
  const { formRef, refused } = useFocusInvalid();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const errors: Record<string, string> = {};
    if (!carrier.trim()) errors.carrier = MSG.required;
    if (!tracking.trim()) errors.trackingNumber = MSG.required;
    setChecked(errors);
    setRefusal(null);
    if (Object.keys(errors).length > 0) {
      refused();
      return;
    }
    setSending(true);
    try {
      onShipped(await api.depot.shipPartsOrder(order.rmaBatchId, { carrier: carrier.trim(), trackingNumber: tracking.trim() }));
    } catch (error) {
      const refusal = refusalOf(error);
      setRefusal(refusal);
      if (Object.keys(refusal.fields).length > 0) refused();
      setSending(false);
    }
  };

  const fieldError = (field: string) => checked[field] ?? refusal?.fields[field];
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
