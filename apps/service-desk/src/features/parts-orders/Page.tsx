import { useCallback, useState } from 'react';
import type { AwaitingPartsOrder, ShippedPartsOrder } from '@portal/api-client';
import { useApi } from '@portal/auth';
import { Banner, Button, Card, CardTitle, FactList, Loading, LoadFailed, MutedText, PageTitle, Row, Stack, formatDate, formatMoney } from '@portal/ui';
import { DeskMenu } from '../../shared/DeskMenu';
import { useRead } from '../../shared/useRead';
import { ShipOrderForm } from './ShipOrderForm';

/**
 * Route service-desk-parts-orders (depot staff): every customer's paid parts orders waiting to
 * ship, oldest first, each with what to pack and a form for its carrier and tracking number.
 */
export function ServiceDeskPartsOrdersPage() {
  const api = useApi();
  const [after, setAfter] = useState('');
  const [shipped, setShipped] = useState<ShippedPartsOrder[]>([]);
  const { state, reload } = useRead(
    useCallback((signal: AbortSignal) => api.depot.partsOrders(after ? { after } : {}, { signal }), [api, after]),
  );

  // A shipped order leaves the list at once; the next read no longer has it either.
  const onShipped = (order: ShippedPartsOrder) => setShipped((current) => [...current, order]);
  const last = shipped.at(-1);
  const waiting = (items: AwaitingPartsOrder[]) => items.filter((item) => !shipped.some((s) => s.rmaBatchId === item.rmaBatchId));

  return (
    <Stack $gap="lg">
      <PageTitle>Parts orders to ship</PageTitle>
      <DeskMenu />
      {last ? (
        <Banner>
          {last.rmaBatchId} shipped with {last.carrier}, tracking number {last.trackingNumber}. The customer has been e-mailed.
        </Banner>
      ) : null}
      {state.kind === 'loading' ? <Loading>Loading the orders…</Loading> : null}
      {state.kind === 'failed' ? <LoadFailed message={state.message} onRetry={reload} /> : null}
      {state.kind === 'loaded' ? (
        <Stack>
          {waiting(state.value.items).length === 0 ? <MutedText>No paid parts order is waiting to ship.</MutedText> : null}
          {waiting(state.value.items).map((order) => (
            <Card key={order.rmaBatchId} aria-labelledby={`order-${order.rmaBatchId}`}>
              <CardTitle id={`order-${order.rmaBatchId}`}>{order.rmaBatchId}</CardTitle>
              <Stack>
                <FactList>
                  <dt>Customer</dt>
                  <dd>{[order.customer, order.company].filter(Boolean).join(', ')}</dd>
                  <dt>Ordered</dt>
                  <dd>{formatDate(order.createdAt)}</dd>
                  <dt>Ship to</dt>
                  <dd>{order.shipTo}</dd>
                  <dt>Total</dt>
                  <dd>{formatMoney(order.total)}</dd>
                </FactList>
                <ul aria-label={`Lines of ${order.rmaBatchId}`}>
                  {order.lines.map((line) => (
                    <li key={line.partNumber}>
                      {line.quantity} × {line.partNumber} {line.description}
                    </li>
                  ))}
                </ul>
                <ShipOrderForm order={order} onShipped={onShipped} />
              </Stack>
            </Card>
          ))}
          <Row>
            {after ? (
              <Button type="button" $variant="secondary" onClick={() => setAfter('')}>
                First page
              </Button>
            ) : null}
            {state.value.next ? (
              <Button type="button" $variant="secondary" onClick={() => setAfter(state.value.next)}>
                Next page
              </Button>
            ) : null}
          </Row>
        </Stack>
      ) : null}
    </Stack>
  );
}
