import type { Dispatch } from 'react';
import { useNavigate } from '@portal/router';
import { isApiError, type CreateOowPayload, type CreateRmaPayload } from '@portal/api-client';
import { useApi } from '@portal/auth';
import { paymentServerErrors } from '@portal/forms';
import { useIdempotencyKey } from '@portal/forms/payable';
import { pathFor } from '@portal/routes';
import { createErrorMessage } from '../model/createError';
import { CONFIRM_STEP } from '../model/flow';
import type { FlowKind } from '../model/kind';
import type { RmaEvent, RmaMachineState } from '../model/machine';
import { savePaymentSnapshot } from '../model/paymentReturn';
import type { SavedQuote } from '../model/quote';
import { sortServerErrors } from '../model/serverErrors';
import type { ConfirmQuoteRouteState } from '../routeInputs';

/** The server's refusal as the machine's event: spec §8's words and, on a 400, the fields sorted onto the steps. */
function refused(error: unknown): RmaEvent {
  const fields = isApiError(error) && error.status === 400 ? { steps: sortServerErrors(error.fields), payment: paymentServerErrors(error.fields) } : undefined;
  return { type: 'refused', message: createErrorMessage(error), fields };
}

/**
 * The confirm step's requests, with the repair API: Submit RMA (create), Continue to Payment
 * (create/oow, then the provider or, by PO, settling) and Save Quote (create/oow, then
 * rma-confirm-quote). Each reports its outcome to the machine.
 */
export function useRmaRequests(
  kind: FlowKind,
  state: RmaMachineState,
  dispatch: Dispatch<RmaEvent>,
  quote: SavedQuote | null,
  allowNextNavigation: () => void,
) {
  const api = useApi();
  const navigate = useNavigate();
  const { keyFor } = useIdempotencyKey();
  const { flow } = state;

  return {
    async submit(payload: CreateRmaPayload) {
      dispatch({ type: 'submitted' });
      try {
        dispatch({ type: 'created', result: await api.repair.createRma(payload, keyFor(payload)) });
      } catch (error) {
        dispatch(refused(error));
      }
    },

    /** Card: open the RMA, keep the flow, go to the provider. PO: open the RMA paid by PO, then settle it. */
    async pay(payload: CreateOowPayload) {
      dispatch({ type: 'submitted' });
      try {
        const result = await api.repair.createOowRma(payload, keyFor(payload));
        const byCard = payload.paymentData.paymentMethod !== 'PO' && result.paymentUrl !== '';
        if (byCard) {
          const { serial, problem, contact, address, packaging } = flow;
          savePaymentSnapshot({ rmaNumber: result.rmaNumber, quoteId: result.quoteId, paymentUrl: result.paymentUrl, serial, problem, contact, address, packaging, quote });
        }
        dispatch({ type: 'payment', event: { type: 'opened', id: result.rmaNumber, paymentUrl: byCard ? result.paymentUrl : '' } });
      } catch (error) {
        dispatch(refused(error));
      }
    },

    /** Save Quote: store the quote, then open rma-confirm-quote with it (no leave warning there). */
    async saveQuote(payload: CreateOowPayload) {
      dispatch({ type: 'submitted' });
      try {
        const result = await api.repair.createOowRma(payload, keyFor(payload));
        const search = new URLSearchParams({ quote: result.quoteId }).toString();
        const confirmQuote =
          kind.confirmQuoteRoute === 'upgrade-device-confirm-quote'
            ? pathFor('upgrade-device-confirm-quote', { serial: flow.serial })
            : pathFor('rma-confirm-quote', { serial: flow.serial });
        // The saved quote's page is where the flow goes on: no leave warning on the way.
        allowNextNavigation();
        await navigate(`${confirmQuote}?${search}`, {
          state: { quoteData: result.quoteData ?? undefined, quoteId: result.quoteId, toPage: CONFIRM_STEP } satisfies ConfirmQuoteRouteState,
        });
      } catch (error) {
        dispatch(refused(error));
      }
    },
  };
}
