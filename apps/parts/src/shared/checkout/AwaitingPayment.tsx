import { Fragment, useEffect, useState } from 'react';
import { isAbortError, isApiError, type PartsOrder } from '@portal/api-client';
import { useApi } from '@portal/auth';
import { Banner, Button, Card, CardTitle, FactList, Row, Spinner, Stack, formatDate, formatMoney } from '@portal/ui';
import type { CartKind } from '../cart/model';
import { CHECKOUT_COPY } from './copy';
import { browser } from './payment';

type Busy = { id: string; action: 'paying' | 'cancelling' } | null;

/**
 * The caller's orders of this checkout's kind that still await their payment (a payment left at
 * PayPal with the browser's Back button, a closed tab), each with Pay Now (the same PayPal order
 * again, whose return places it) and Cancel Order. Nothing while there are none.
 */
export function AwaitingPayment({ kind }: { kind: CartKind }) {
  const api = useApi();
  const [orders, setOrders] = useState<PartsOrder[]>([]);
  const [busy, setBusy] = useState<Busy>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    const controller = new AbortController();
    api.parts.awaitingPayment(kind, { signal: controller.signal }).then(
      (found) => {
        if (!controller.signal.aborted) setOrders(found);
      },
      (caught: unknown) => {
        // Without the list the checkout is as it was; the orders are in the account's history.
        if (!isAbortError(caught) && !controller.signal.aborted) console.error('Listing the orders awaiting payment failed', caught);
      },
    );
    return () => controller.abort();
  }, [api, kind]);

  const done = (id: string, message: string) => {
    setOrders((before) => before.filter((o) => o.rmaBatchId !== id));
    setBusy(null);
    setNotice(message);
  };
  const failed = (caught: unknown) => {
    setBusy(null);
    setError(isApiError(caught) && caught.status !== 0 && caught.message ? caught.message : CHECKOUT_COPY.orderFailed);
  };

  const pay = (id: string) => {
    if (busy) return;
    setBusy({ id, action: 'paying' });
    setError(null);
    api.parts.payOrder(id).then((placed) => {
      if (placed.paymentUrl) browser.assign(placed.paymentUrl);
      else done(id, CHECKOUT_COPY.awaitingPaid(id));
    }, failed);
  };

  const cancel = (id: string) => {
    if (busy) return;
    setBusy({ id, action: 'cancelling' });
    setError(null);
    api.parts.cancelOrder(id).then(() => done(id, CHECKOUT_COPY.awaitingCancelled(id)), failed);
  };

  if (orders.length === 0 && !notice && !error) return null;
  return (
    <Card aria-label={CHECKOUT_COPY.awaitingTitle}>
      <CardTitle>{CHECKOUT_COPY.awaitingTitle}</CardTitle>
      <Stack>
        {notice ? <Banner>{notice}</Banner> : null}
        {error ? <Banner variant="error">{error}</Banner> : null}
        {orders.length > 0 ? <p>{CHECKOUT_COPY.awaitingHelp}</p> : null}
        {orders.map((o) => (
          <Stack key={o.rmaBatchId} $gap="sm">
            <FactList>
              {[
                ['Order', o.rmaBatchId],
                ['Total', formatMoney(o.total)],
                ['Placed', formatDate(o.createdAt)],
                ['Items', o.lines.map((l) => `${l.quantity} × ${l.partNumber}`).join(', ')],
              ].map(([term, value]) => (
                <Fragment key={term}>
                  <dt>{term}</dt>
                  <dd>{value}</dd>
                </Fragment>
              ))}
            </FactList>
            <Row $gap="sm">
              <Button type="button" onClick={() => pay(o.rmaBatchId)} aria-label={`Pay Now ${o.rmaBatchId}`} aria-disabled={busy !== null || undefined}>
                {busy?.id === o.rmaBatchId && busy.action === 'paying' ? <Spinner /> : null}
                Pay Now
              </Button>
              <Button
                type="button"
                $variant="secondary"
                onClick={() => cancel(o.rmaBatchId)}
                aria-label={`Cancel Order ${o.rmaBatchId}`}
                aria-disabled={busy !== null || undefined}
              >
                {busy?.id === o.rmaBatchId && busy.action === 'cancelling' ? <Spinner /> : null}
                Cancel Order
              </Button>
            </Row>
          </Stack>
        ))}
      </Stack>
    </Card>
  );
}
