import { useState } from 'react';
import type { DepotRma } from '@portal/api-client';
import { useApi } from '@portal/auth';
import { Banner, Button, Card, CardTitle, Stack } from '@portal/ui';
import { refusalOf } from '../../../shared/errors';

/**
 * Ship: books the return label and ships the unit back (SHIPPED_BACK, the tracking e-mailed to
 * the customer). A carrier failure moves nothing: staff try again.
 */
export function ShipPanel({ rma, onDone }: { rma: DepotRma; onDone: () => void }) {
  const api = useApi();
  const [sending, setSending] = useState(false);
  const [error, setError] = useState('');

  const ship = async () => {
    setSending(true);
    setError('');
    try {
      await api.depot.ship(rma.rmaNumber);
      onDone();
    } catch (failure) {
      setError(refusalOf(failure).message);
    } finally {
      setSending(false);
    }
  };

  return (
    <Card aria-labelledby="step-ship">
      <CardTitle id="step-ship">Ship back</CardTitle>
      <Stack>
        {error ? <Banner variant="error">{error}</Banner> : null}
        <p>
          {rma.status === 'RETURN_UNREPAIRED'
            ? 'The customer chose to have the unit returned unrepaired.'
            : 'The repair and its QA are recorded.'}{' '}
          Shipping books the return label to the customer's address and e-mails them the tracking number.
        </p>
        <div>
          <Button type="button" autoFocus disabled={sending} onClick={() => void ship()}>
            {sending ? 'Shipping…' : 'Ship back'}
          </Button>
        </div>
      </Stack>
    </Card>
  );
}
