import { Fragment, useState } from 'react';
import styled from 'styled-components';
import type { PartsOrderBatch, PartsOrderStatus } from '@portal/api-client';
import { Button, MutedText, PageTitle, Row, SelectField, Stack, Table, TextField, LoadFailed, Loading, formatMoney, formatDate } from '@portal/ui';
import { AccountNav } from '../../shared/AccountNav';
import { Badge } from '../../shared/Badge';
import { statusText } from '../../shared/statusText';
import { KeysetPager, useKeysetPaging } from '../../shared/KeysetPager';
import { useDebouncedValue } from '../../shared/useDebouncedValue';
import { ShipmentNote } from './ShipmentNote';
import { usePartsOrders } from './usePartsOrders';

export const SEARCH_DEBOUNCE_MS = 300;
/** The server's limit of the search text. */
export const SEARCH_MAX = 100;

/** A parts order's statuses, in the account's one set of status words (statusText). */
const ORDER_STATUSES: readonly PartsOrderStatus[] = ['AWAITING_PAYMENT', 'PLACED', 'SHIPPED', 'CANCELLED'];

const STATUS_OPTIONS = [{ value: '', label: 'All statuses' }, ...ORDER_STATUSES.map((value) => ({ value, label: statusText(value) }))];

const Details = styled.div`
  padding: ${({ theme }) => theme.space.sm} 0;
`;

/**
 * How the order is paid, by its status: only a placed or shipped order was paid; one awaiting
 * payment is not paid yet, and a cancelled one was cancelled before payment (only an order
 * awaiting payment can be cancelled), so nothing was charged.
 */
function paymentText(order: Pick<PartsOrderBatch, 'status' | 'paymentMethod' | 'customerPO'>): string {
  const by = order.paymentMethod === 'PO' ? `purchase order ${order.customerPO}` : 'PayPal';
  switch (order.status) {
    case 'PLACED':
    case 'SHIPPED':
      return `paid by ${by}`;
    case 'AWAITING_PAYMENT':
      return `to be paid by ${by}, not paid yet`;
    case 'CANCELLED':
      return `cancelled before payment by ${by}, nothing was charged`;
    default:
      return `payment by ${by}`;
  }
}

/** The lines of one order, shown in the row under it. */
function OrderLines({ order }: { order: PartsOrderBatch }) {
  return (
    <Details>
      <Stack $gap="sm">
        <MutedText>
          {order.kind === 'video' ? 'Video parts' : 'Parts'} · {paymentText(order)}
        </MutedText>
        {order.status === 'SHIPPED' ? <ShipmentNote rmaBatchId={order.rmaBatchId} /> : null}
        <Table aria-label={`Lines of ${order.rmaBatchId}`}>
          <thead>
            <tr>
              <th scope="col">Part</th>
              <th scope="col">Description</th>
              <th scope="col">Quantity</th>
              <th scope="col">For</th>
              <th scope="col">Line total</th>
            </tr>
          </thead>
          <tbody>
            {order.lines.map((line, i) => (
              <tr key={`${line.partNumber}-${i}`}>
                <td>{line.partNumber}</td>
                <td>{line.description}</td>
                <td>{line.quantity}</td>
                <td>{[line.model, line.serials.join(', ')].filter(Boolean).join(': ')}</td>
                <td>{formatMoney(line.lineTotal)}</td>
              </tr>
            ))}
          </tbody>
        </Table>
      </Stack>
    </Details>
  );
}

/**
 * Route your-account/parts-orders-history: the viewer's parts orders and their organization's
 * (a colleague's marked, with who placed it), newest first, keyset-paged through
 * partsOrderBatchConnection, searched and filtered by status on the server; a row opens its
 * lines beneath it. Orders are keyed by rmaBatchId.
 */
export function PartsOrdersHistoryPage() {
  const [text, setText] = useState('');
  const [status, setStatus] = useState<PartsOrderStatus | ''>('');
  const [open, setOpen] = useState<ReadonlySet<string>>(new Set());
  const [reload, setReload] = useState(0);
  const paging = useKeysetPaging();

  const search = useDebouncedValue(text.trim(), SEARCH_DEBOUNCE_MS);
  const [lastSearch, setLastSearch] = useState(search);
  if (lastSearch !== search) {
    setLastSearch(search);
    paging.restart();
  }
  const state = usePartsOrders(search, status, paging.position, reload);
  const page = state.status === 'ready' ? state.page : state.status === 'loading' ? state.previous : null;

  const toggle = (id: string) =>
    setOpen((before) => {
      const next = new Set(before);
      if (!next.delete(id)) next.add(id);
      return next;
    });

  return (
    <Stack $gap="lg">
      <AccountNav />
      <PageTitle>Your parts orders</PageTitle>
      <Row $gap="md">
        <TextField
          label="Search"
          type="search"
          value={text}
          maxLength={SEARCH_MAX}
          hint="Order number, PO, part number, description or serial"
          onChange={(event) => setText(event.target.value)}
        />
        <SelectField
          label="Status"
          value={status}
          options={STATUS_OPTIONS}
          onChange={(value) => {
            setStatus(value as PartsOrderStatus | '');
            paging.restart();
          }}
        />
      </Row>

      {state.status === 'failed' ? <LoadFailed message={state.message} onRetry={() => setReload((n) => n + 1)} /> : null}
      {state.status === 'loading' ? <Loading>Loading your parts orders…</Loading> : null}
      {page && page.edges.length === 0 && state.status === 'ready' ? (
        <MutedText>{search || status ? 'No parts orders match this search.' : 'You have no parts orders yet.'}</MutedText>
      ) : null}
      {page && page.edges.length > 0 ? (
        <>
          <MutedText aria-live="polite">
            {page.totalCount === 1 ? '1 order' : `${page.totalCount} orders`} · page {paging.pageNumber}
          </MutedText>
          <Table aria-label="Parts orders">
            <thead>
              <tr>
                <th scope="col">Order</th>
                <th scope="col">Placed</th>
                <th scope="col">Ordered by</th>
                <th scope="col">Status</th>
                <th scope="col">Items</th>
                <th scope="col">Total</th>
                <th scope="col">Lines</th>
              </tr>
            </thead>
            <tbody>
              {page.edges.map(({ node: order }) => {
                const expanded = open.has(order.rmaBatchId);
                const detailsId = `parts-order-${order.rmaBatchId}`;
                return (
                  <Fragment key={order.rmaBatchId}>
                    <tr>
                      <td>{order.rmaBatchId}</td>
                      <td>{formatDate(order.createdAt)}</td>
                      <td>
                        {order.mine ? 'You' : order.orderedByName}
                        {order.mine ? null : (
                          <>
                            {' '}
                            <Badge>Organization</Badge>
                          </>
                        )}
                      </td>
                      <td>{statusText(order.status)}</td>
                      <td>{order.itemCount}</td>
                      <td>{formatMoney(order.total)}</td>
                      <td>
                        <Button
                          type="button"
                          $variant="secondary"
                          aria-expanded={expanded}
                          aria-controls={detailsId}
                          aria-label={`${expanded ? 'Hide' : 'Show'} the lines of ${order.rmaBatchId}`}
                          onClick={() => toggle(order.rmaBatchId)}
                        >
                          {expanded ? 'Hide' : 'Show'}
                        </Button>
                      </td>
                    </tr>
                    {expanded ? (
                      <tr id={detailsId}>
                        <td colSpan={7}>
                          <OrderLines order={order} />
                        </td>
                      </tr>
                    ) : null}
                  </Fragment>
                );
              })}
            </tbody>
          </Table>
        </>
      ) : null}
      {page ? <KeysetPager page={page} paging={paging} loading={state.status === 'loading'} label="Pages of parts orders" /> : null}
    </Stack>
  );
}
