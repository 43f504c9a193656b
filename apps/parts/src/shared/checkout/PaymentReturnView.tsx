import { useReducer } from 'react';
import { useNavigate } from '@portal/router';
import { isApiError, type Me, type PartsOrder } from '@portal/api-client';
import { idlePayable, payableTransition, usePayableSettlement, type ProviderReturn } from '@portal/forms/payable';
import { ButtonLink } from '@portal/forms/units';
import { useApi } from '@portal/auth';
import { pathFor } from '@portal/routes';
import { Banner, Button, Loading, Row, Stack } from '@portal/ui';
import type { CartKind } from '../cart/model';
import { removeOrdered } from '../cart/store';
import { CheckoutForm } from './CheckoutForm';
import { CHECKOUT_COPY } from './copy';
import { CHECKOUT_PAGES } from './pages';
import type { SuccessState } from './success';

/**
 * Back from the payment provider (`?batch=…&token=…` or `&cancelled=1`): an approved payment is
 * captured and the order placed, then the success page; a cancelled one cancels the order that
 * awaited it and keeps the cart, with the checkout below to try again. The payable flow settles
 * the return once, however often React runs the effect.
 */
export function PaymentReturnView({ kind, back, profile }: { kind: CartKind; back: ProviderReturn; profile: Me }) {
  const api = useApi();
  const navigate = useNavigate();
  const [state, dispatch] = useReducer(payableTransition, back, (returned) =>
    payableTransition(idlePayable, { type: 'returned', back: returned, paymentUrl: '', noToken: CHECKOUT_COPY.noToken }),
  );
  usePayableSettlement<PartsOrder>(state, dispatch, {
    settle: (rmaBatchId, token) => api.parts.processOrder({ rmaBatchId, token }),
    onSettled: (order) => {
      // Paid: the order's own lines leave the cart, not what another tab added meanwhile.
      removeOrdered(kind, order.rmaBatchId, order.lines);
      const success: SuccessState = { rmaBatchId: order.rmaBatchId, kind, total: order.total };
      void navigate(pathFor('parts-order-success'), { replace: true, state: success });
    },
    cancel: (rmaBatchId) => api.parts.cancelOrder(rmaBatchId),
    onCancelled: () => undefined,
    failure: (error, action) => {
      if (action === 'settle') return CHECKOUT_COPY.processFailed(isApiError(error) ? error.message : CHECKOUT_COPY.orderFailed);
      // The provider took nothing either way; the order stays unpaid, and says so in the history.
      console.error('Cancelling the unpaid order failed', error);
      return null;
    },
  });

  const checkout = pathFor(CHECKOUT_PAGES[kind].checkout);
  if (!back.cancelled && !back.token) {
    return (
      <Stack>
        <Banner variant="error">{CHECKOUT_COPY.noToken}</Banner>
        <div>
          <ButtonLink to={checkout} replace>
            {CHECKOUT_COPY.backToCheckout}
          </ButtonLink>
        </div>
      </Stack>
    );
  }
  if (state.kind === 'cancelled') {
    return (
      <Stack $gap="lg">
        <Banner variant="warning">{CHECKOUT_COPY.cancelled}</Banner>
        <CheckoutForm kind={kind} profile={profile} />
      </Stack>
    );
  }
  if (state.kind === 'failed') {
    return (
      <Stack>
        <Banner variant="error">{state.message}</Banner>
        <Row>
          <Button onClick={() => navigate(0)}>{CHECKOUT_COPY.tryAgain}</Button>
          <ButtonLink to={checkout} replace $variant="secondary">
            {CHECKOUT_COPY.backToCheckout}
          </ButtonLink>
        </Row>
      </Stack>
    );
  }
  return <Loading>{back.cancelled ? CHECKOUT_COPY.cancelling : CHECKOUT_COPY.processing}</Loading>;
}
