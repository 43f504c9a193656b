import { useState } from 'react';
import type { DepotRma } from '@portal/api-client';
import { useApi } from '@portal/auth';
import { Banner, Button, Card, CardTitle, Stack } from '@portal/ui';
import { refusalOf } from '../../../shared/errors';

/**
 * The way back: the return tracking and the label to print. The label needs the staff member's
 * token, so it is fetched and opened from an object URL rather than linked.
 */
export function ShippedRecord({ rma }: { rma: DepotRma }) {
  const api = useApi();
  const [error, setError] = useState('');
  const [opening, setOpening] = useState(false);

  const printLabel = async () => {
    setError('');
    setOpening(true);
    // Opened before the answer, or a browser blocks the window as a pop-up.
    const tab = window.open('', '_blank');
    try {
      const pdf = await api.depot.returnLabel(rma.rmaNumber);
      const url = URL.createObjectURL(pdf);
      if (tab) tab.location.href = url;
      else window.location.assign(url);
    } catch (failure) {
      tab?.close();
      setError(refusalOf(failure).message);
    } finally {
      setOpening(false);
    }
  };

  return (
    <Card aria-labelledby="rma-shipped">
      <CardTitle id="rma-shipped">Shipped back</CardTitle>
      <Stack>
        <p>
          Return tracking number: <strong>{rma.returnTrackingNumber}</strong>
        </p>
        {error ? <Banner variant="error">{error}</Banner> : null}
        <div>
          <Button type="button" $variant="secondary" disabled={opening} onClick={() => void printLabel()}>
            Print the return label
          </Button>
        </div>
      </Stack>
    </Card>
  );
}
