import { useReducer } from 'react';
import { useNavigate } from '@portal/router';
import { isApiError, type PartsOrderPayload, type PaymentOptions } from '@portal/api-client';
import { useApi } from '@portal/auth';
import { validateAddress, validateContact, validatePayment, type AddressValues, type ContactValues, type PaymentValues } from '@portal/forms';
import { useIdempotencyKey, useProviderRedirect } from '@portal/forms/payable';
import { pathFor } from '@portal/routes';
import { reconcile, toOrderLines, type CartKind } from '../cart/model';
import { readCart, removeOrdered } from '../cart/store';
import { CHECKOUT_COPY } from './copy';
import { checkoutBusy, checkoutMachine, initialCheckout } from './machine';
import { buildPayload, sortServerErrors, toPaymentData } from './payment';
import type { SuccessState } from './success';
import type { useCheckedCart } from './useCheckedCart';

export interface OrderInput {
  contact: ContactValues;
  address: AddressValues;
  payment: PaymentValues;
  options: PaymentOptions;
}

/**
 * Place order, with the parts API: the browser's checks, the cart checked with the server again
 * right before (what is ordered is what the page shows), then the order: a PO order is placed
 * (the success page), a card order awaits its payment at the provider, where the page goes.
 */
export function usePlaceOrder(kind: CartKind, checked: ReturnType<typeof useCheckedCart>) {
  const api = useApi();
  const navigate = useNavigate();
  const [state, dispatch] = useReducer(checkoutMachine, initialCheckout);
  // One key per distinct order: a retry after a lost answer reuses it, so nothing is ordered twice.
  const idempotency = useIdempotencyKey();
  useProviderRedirect(state.payment);

  async function place({ contact, address, payment, options }: OrderInput) {
    if (checkoutBusy(state)) return;
    const invalid =
      Object.keys(validateContact(contact)).length > 0 ||
      Object.keys(validateAddress(address)).length > 0 ||
      Object.keys(validatePayment(payment, options)).length > 0;
    if (invalid) {
      dispatch({ type: 'invalid' });
      return;
    }
    dispatch({ type: 'placing' });
    try {
      const items = readCart(kind).items;
      if (items.length === 0) {
        dispatch({ type: 'placed' });
        return;
      }
      const reconciled = reconcile(items, await api.parts.price(toOrderLines(kind, items), { kind }));
      if (reconciled.notices.length > 0) {
        checked.addNotices(reconciled.notices);
        checked.cart.replace(reconciled.items);
        dispatch({ type: 'cartChanged' });
        return;
      }
      const payload: PartsOrderPayload = { ...buildPayload(kind, items, contact, address), paymentData: toPaymentData(payment, options) };
      const created = await api.parts.createOrder(payload, idempotency.keyFor(payload));
      if (created.status === 'PLACED') {
        // Paid (PO): what was ordered leaves the cart now, once; the success page touches no cart.
        removeOrdered(kind, created.rmaBatchId, payload.lines);
        dispatch({ type: 'placed' });
        const success: SuccessState = { rmaBatchId: created.rmaBatchId, kind, total: created.total };
        await navigate(pathFor('parts-order-success'), { state: success });
        return;
      }
      if (created.paymentUrl) dispatch({ type: 'awaitingPayment', id: created.rmaBatchId, paymentUrl: created.paymentUrl });
      else dispatch({ type: 'failed', message: CHECKOUT_COPY.orderFailed });
    } catch (caught) {
      if (!isApiError(caught)) {
        console.error('Placing the order failed', caught);
        dispatch({ type: 'failed', message: CHECKOUT_COPY.orderFailed });
        return;
      }
      // A definite answer ends this key's use; a lost one (status 0) keeps it for the retry.
      if (caught.status !== 0) idempotency.forget();
      dispatch({ type: 'refused', message: caught.message, server: sortServerErrors(caught.fields), namesFields: Object.keys(caught.fields).length > 0 });
    }
  }

  return { state, place };
}
