import { Link, Navigate, useLocation } from '@portal/router';
import { pathFor } from '@portal/routes';
import { Card, CardTitle, FactList, PageTitle, Row, Stack, formatMoney } from '@portal/ui';
import { ButtonLink } from '@portal/forms/units';
import { readSuccessState } from '../../shared/checkout/success';
import { COPY } from './copy';

/**
 * parts-order/success: reachable only from a checkout, which sets the navigation state (spec
 * §2); typed in or opened from a bookmark it redirects to parts-order. Shows the order number.
 * It leaves the carts alone: its history state survives Back and reload, so emptying a cart here
 * would wipe what was added since; the checkout took the ordered lines out when the order was
 * placed (cart/store removeOrdered, once per rmaBatchId).
 */
export function PartsOrderSuccessPage() {
  const location = useLocation();
  const success = readSuccessState(location.state);

  if (!success) return <Navigate to={pathFor('parts-order')} replace />;
  return (
    <Stack $gap="lg">
      <PageTitle>{COPY.successTitle}</PageTitle>
      <Card aria-label="Order placed">
        <CardTitle>Order placed</CardTitle>
        <Stack>
          <FactList>
            <dt>{COPY.successNumber}</dt>
            <dd>{success.rmaBatchId}</dd>
            {success.total ? (
              <>
                <dt>{COPY.successTotal}</dt>
                <dd>{formatMoney(success.total)}</dd>
              </>
            ) : null}
          </FactList>
          <p>{COPY.successMail}</p>
        </Stack>
      </Card>
      <Row>
        <ButtonLink to={pathFor('parts-orders-history')}>{COPY.history}</ButtonLink>
        {success.kind === 'video' ? (
          <Link to={pathFor('video-parts-order')}>{COPY.orderMoreVideo}</Link>
        ) : (
          <Link to={pathFor('parts-order')}>{COPY.orderMore}</Link>
        )}
      </Row>
    </Stack>
  );
}
