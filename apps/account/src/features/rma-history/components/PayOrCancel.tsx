import { useApi } from '@portal/auth';
import { browser, busyWith, failureMessage, useOffer } from '@portal/forms/payable';
import { useNavigate } from '@portal/router';
import { pathFor } from '@portal/routes';
import { Banner, Button, Row, Spinner, Stack } from '@portal/ui';

export const PAY_COPY = {
  payNow: 'Pay Now',
  cancel: 'Cancel RMA',
  paid: (rmaNumber: string) => `RMA ${rmaNumber} is paid: its shipping label is in its details and on its way to you by e-mail.`,
  failed: 'The server could not be reached. Check your connection and try again.',
} as const;

const offerFailure = (error: unknown) => failureMessage(error, PAY_COPY.failed);

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
 * provider), run by the payable flow's offer. Pay Now goes to its PayPal order again, whose return
 * finishes the RMA on its unit's page; an RMA paid meanwhile is finished at once. Cancel RMA frees
 * the unit and shows /canceled. Clicks stay here: the history row around it opens the details window.
 */
export function PayOrCancel({ rma, onPaid }: { rma: PayableRma; onPaid?: () => void }) {
  const api = useApi();
  const navigate = useNavigate();
  const offer = useOffer(offerFailure);
  if (!isPayable(rma)) return null;

  const { rmaNumber, serial } = rma;
  const pay = () =>
    offer.start(rmaNumber, 'paying', async () => {
      const { paymentUrl } = await api.repair.payRma(rmaNumber);
      if (paymentUrl) {
        browser.assign(paymentUrl);
        return null;
      }
      await api.repair.processOow({ rmaNumber, serial });
      onPaid?.();
      return PAY_COPY.paid(rmaNumber);
    });

  const cancel = () =>
    offer.start(rmaNumber, 'cancelling', async () => {
      await api.repair.cancelRma(rmaNumber);
      await navigate(`${pathFor('canceled')}?${new URLSearchParams({ rma: rmaNumber }).toString()}`);
      return null;
    });

  const { notice, error } = offer.state;
  if (notice) return <Banner>{notice}</Banner>;
  const busy = busyWith(offer.state, rmaNumber);
  return (
    <Stack $gap="sm">
      <Row $gap="sm">
        <Button
          type="button"
          onClick={(event) => {
            event.stopPropagation();
            pay();
          }}
          aria-label={`${PAY_COPY.payNow} ${rmaNumber}`}
          aria-disabled={offer.state.busy !== null || undefined}
          aria-busy={busy === 'paying' || undefined}
        >
          {busy === 'paying' ? <Spinner /> : null}
          {PAY_COPY.payNow}
        </Button>
        <Button
          type="button"
          $variant="secondary"
          onClick={(event) => {
            event.stopPropagation();
            cancel();
          }}
          aria-label={`${PAY_COPY.cancel} ${rmaNumber}`}
          aria-disabled={offer.state.busy !== null || undefined}
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
