import { Fragment, useEffect, useState } from 'react';
import { isAbortError, type PartsOrder } from '@portal/api-client';
import { useApi } from '@portal/auth';
import { browser, busyWith, failureMessage, useOffer } from '@portal/forms/payable';
import { Banner, Button, Card, CardTitle, FactList, Row, Spinner, Stack, formatDate, formatMoney } from '@portal/ui';
import type { CartKind } from '../cart/model';
import { CHECKOUT_COPY } from './copy';

const offerFailure = (error: unknown) => failureMessage(error, CHECKOUT_COPY.orderFailed);

/**
 * The caller's orders of this checkout's kind that still await their payment (a payment left at
 * PayPal with the browser's Back button, a closed tab), each with Pay Now (the same PayPal order
 * again, whose return places it) and Cancel Order. Nothing while there are none.
 */
export function AwaitingPayment({ kind }: { kind: CartKind }) {
  const api = useApi();
  const [orders, setOrders] = useState<PartsOrder[]>([]);
  const offer = useOffer(offerFailure);
  const { notice, error } = offer.state;

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

  const drop = (id: string) => setOrders((before) => before.filter((o) => o.rmaBatchId !== id));

  const pay = (id: string) =>
    offer.start(id, 'paying', async () => {
      const placed = await api.parts.payOrder(id);
      if (placed.paymentUrl) {
        browser.assign(placed.paymentUrl);
        return null;
      }
      drop(id);
      return CHECKOUT_COPY.awaitingPaid(id);
    });

  const cancel = (id: string) =>
    offer.start(id, 'cancelling', async () => {
      await api.parts.cancelOrder(id);
      drop(id);
      return CHECKOUT_COPY.awaitingCancelled(id);
    });

  if (orders.length === 0 && !notice && !error) return null;
  return (
    <Card aria-label={CHECKOUT_COPY.awaitingTitle}>
      <CardTitle>{CHECKOUT_COPY.awaitingTitle}</CardTitle>
      <Stack>
        {notice ? <Banner>{notice}</Banner> : null}
        {error ? <Banner variant="error">{error}</Banner> : null}
        {orders.length > 0 ? <p>{CHECKOUT_COPY.awaitingHelp}</p> : null}
        {orders.map((o) => {
          const busy = busyWith(offer.state, o.rmaBatchId);
          return (
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
                <Button type="button" onClick={() => pay(o.rmaBatchId)} aria-label={`Pay Now ${o.rmaBatchId}`} aria-disabled={offer.state.busy !== null || undefined}>
                  {busy === 'paying' ? <Spinner /> : null}
                  Pay Now
                </Button>
                <Button
                  type="button"
                  $variant="secondary"
                  onClick={() => cancel(o.rmaBatchId)}
                  aria-label={`Cancel Order ${o.rmaBatchId}`}
                  aria-disabled={offer.state.busy !== null || undefined}
                >
                  {busy === 'cancelling' ? <Spinner /> : null}
                  Cancel Order
                </Button>
              </Row>
            </Stack>
          );
        })}
      </Stack>
    </Card>
  );
}
