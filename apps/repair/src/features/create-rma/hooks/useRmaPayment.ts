import { useCallback, type Dispatch } from 'react';
import { useNavigate } from '@portal/router';
import type { CreateRmaResult } from '@portal/api-client';
import { useApi } from '@portal/auth';
import { useOffer, usePayableSettlement, useProviderRedirect, type PayableEvent } from '@portal/forms/payable';
import { pathFor } from '@portal/routes';
import { serverMessage } from '../model/createError';
import type { RmaEvent, RmaMachineState } from '../model/machine';
import { clearPaymentSnapshot } from '../model/paymentReturn';

function canceledPath(rmaNumber: string): string {
  return `${pathFor('canceled')}?${new URLSearchParams({ rma: rmaNumber }).toString()}`;
}

/**
 * The payment of the stepper's RMA, with the repair API: leaving for the provider, settling
 * (process: capture, then release and the label), Try Again, Cancel RMA (/canceled), and the
 * unit's RMA that awaits its payment, offered Pay Now and Cancel RMA.
 */
export function useRmaPayment(state: RmaMachineState, dispatch: Dispatch<RmaEvent>, allowNextNavigation: () => void) {
  const api = useApi();
  const navigate = useNavigate();
  const { serial } = state.flow;
  const payment = useCallback((event: PayableEvent) => dispatch({ type: 'payment', event }), [dispatch]);

  useProviderRedirect(state.payment);
  usePayableSettlement<CreateRmaResult>(state.payment, payment, {
    settle: (rmaNumber, token) => api.repair.processOow({ rmaNumber, serial, token: token || undefined }),
    onSettled: (result, rmaNumber) => {
      clearPaymentSnapshot(rmaNumber);
      dispatch({ type: 'created', result });
    },
    cancel: (rmaNumber) => api.repair.cancelRma(rmaNumber),
    onCancelled: (rmaNumber) => {
      clearPaymentSnapshot(rmaNumber);
      void navigate(canceledPath(rmaNumber), { replace: true });
    },
    failure: serverMessage,
  });

  /**
   * Pays the RMA again: the server restarts its abandon clock and answers its PayPal order's
   * approve link (the same order), or none when it is paid already, which only needs settling.
   */
  async function payAgain(rmaNumber: string, knownUrl: string) {
    let url = knownUrl;
    try {
      url = (await api.repair.payRma(rmaNumber)).paymentUrl;
    } catch (error) {
      if (!knownUrl) throw error;
    }
    payment({ type: 'opened', id: rmaNumber, paymentUrl: url });
  }

  const offer = useOffer(serverMessage);
  return {
    offer: offer.state,
    tryAgain() {
      if (state.payment.kind !== 'failed') return;
      const { id, paymentUrl } = state.payment;
      payAgain(id, paymentUrl).catch((error: unknown) => payment({ type: 'failed', message: serverMessage(error) }));
    },
    cancelRma: () => payment({ type: 'cancel' }),
    /** The unit's page: pay the RMA that awaits its payment, or cancel it and free the unit. */
    payPending: (rmaNumber: string) => offer.start(rmaNumber, 'paying', () => payAgain(rmaNumber, '').then(() => null)),
    cancelPending: (rmaNumber: string) =>
      offer.start(rmaNumber, 'cancelling', async () => {
        await api.repair.cancelRma(rmaNumber);
        allowNextNavigation();
        await navigate(canceledPath(rmaNumber), { replace: true });
        return null;
      }),
  };
}
