import { useState, type MouseEvent } from 'react';
import { isApiError } from '@portal/api-client';
import { useApi } from '@portal/auth';
import { useNavigate } from '@portal/router';
import { pathFor } from '@portal/routes';
import { Banner, Button, Row, Spinner, Stack } from '@portal/ui';

export const PAY_COPY = {
  payNow: 'Pay Now',
  cancel: 'Cancel RMA',
  paid: (rmaNumber: string) => `RMA ${rmaNumber} is paid: its shipping label is in its details and on its way to you by e-mail.`,
  failed: 'The server could not be reached. Check your connection and try again.',
} as const;

/** Leaves the portal for the payment provider's page (a function of its own, so tests can watch it). */
export const paymentPage = {
  assign(url: string): void {
    window.location.assign(url);
  },
};

export interface PayableRma {
  rmaNumber: string;
  serial: string;
  status: string;
  /** The viewer's own RMA: only its owner pays or cancels it. */
  mine: boolean;
}

/** Whether the viewer can pay or cancel the RMA here: their own, awaiting its payment. */
export function isPayable(rma: PayableRma): boolean {
  return rma.mine && rma.status === 'AWAITING_PAYMENT';
}

/**
 * Pay Now and Cancel RMA for the viewer's RMA that awaits its payment (a payment left at the
 * provider). Pay Now goes to its PayPal order again, whose return finishes the RMA on its unit's
 * page; an RMA paid meanwhile is finished at once. Cancel RMA frees the unit and shows /canceled.
 * Clicks stay here: the history row around it opens the details window.
 */
export function PayOrCancel({ rma, onPaid }: { rma: PayableRma; onPaid?: () => void }) {
  const api = useApi();
  const navigate = useNavigate();
  const [busy, setBusy] = useState<'paying' | 'cancelling' | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [paid, setPaid] = useState(false);
  if (!isPayable(rma)) return null;

  const failed = (caught: unknown) => {
    setBusy(null);
    setError(isApiError(caught) && caught.status !== 0 && caught.message ? caught.message : PAY_COPY.failed);
  };

  const pay = async (event: MouseEvent) => {
    event.stopPropagation();
    if (busy) return;
    setBusy('paying');
    setError(null);
    try {
      const { paymentUrl } = await api.repair.payRma(rma.rmaNumber);
      if (paymentUrl) {
        paymentPage.assign(paymentUrl);
        return;
      }
      await api.repair.processOow({ rmaNumber: rma.rmaNumber, serial: rma.serial });
      setBusy(null);
      setPaid(true);
      onPaid?.();
    } catch (caught) {
      failed(caught);
    }
  };

  const cancel = async (event: MouseEvent) => {
    event.stopPropagation();
    if (busy) return;
    setBusy('cancelling');
    setError(null);
    try {
      await api.repair.cancelRma(rma.rmaNumber);
      await navigate(`${pathFor('canceled')}?${new URLSearchParams({ rma: rma.rmaNumber }).toString()}`);
    } catch (caught) {
      failed(caught);
    }
  };

  if (paid) return <Banner>{PAY_COPY.paid(rma.rmaNumber)}</Banner>;
  return (
    <Stack $gap="sm">
      <Row $gap="sm">
        <Button
          type="button"
          onClick={(event) => void pay(event)}
          aria-label={`${PAY_COPY.payNow} ${rma.rmaNumber}`}
          aria-disabled={busy !== null || undefined}
          aria-busy={busy === 'paying' || undefined}
        >
          {busy === 'paying' ? <Spinner /> : null}
          {PAY_COPY.payNow}
        </Button>
        <Button
          type="button"
          $variant="secondary"
          onClick={(event) => void cancel(event)}
          aria-label={`${PAY_COPY.cancel} ${rma.rmaNumber}`}
          aria-disabled={busy !== null || undefined}
          aria-busy={busy === 'cancelling' || undefined}
        >
          {busy === 'cancelling' ? <Spinner /> : null}
          {PAY_COPY.cancel}
        </Button>
      </Row>
      {error ? <Banner variant="error">{error}</Banner> : null}
    </Stack>
  );
}
