import { messages } from '@portal/forms';
import { idlePayable, payableTransition, type PayableState } from '@portal/forms/payable';
import { CHECKOUT_COPY } from './copy';
import { noServerErrors, type CheckoutServerErrors } from './payment';

/**
 * The checkout form as a machine: editing, placing the order (the cart checked again, then the
 * order), and an order that awaits its payment on the way to the provider (payment: the shared
 * payable flow). The form renders its state and sends it events; its hook calls the server.
 */
export interface CheckoutState {
  placing: boolean;
  payment: PayableState;
  error: string | null;
  server: CheckoutServerErrors;
  /** Every field shows its message (after Submit, or a refusal that names fields). */
  showAll: boolean;
  /** Counts the attempts that ended on invalid fields: each moves the focus to the first one. */
  attempts: number;
}

export type CheckoutEvent =
  /** Place order with a field the browser's own check refuses: nothing is sent. */
  | { type: 'invalid' }
  | { type: 'placing' }
  /** The cart the server priced differs from the one shown: the customer reviews it first. */
  | { type: 'cartChanged' }
  /** Placed and paid (PO), or nothing left to place (the cart was emptied elsewhere): the page moves on. */
  | { type: 'placed' }
  /** Placed, awaiting its payment at the provider's page. */
  | { type: 'awaitingPayment'; id: string; paymentUrl: string }
  /** The server refused the order: its message and its field errors, sorted onto the forms. */
  | { type: 'refused'; message: string; server: CheckoutServerErrors; namesFields: boolean }
  | { type: 'failed'; message: string };

export const initialCheckout: CheckoutState = { placing: false, payment: idlePayable, error: null, server: noServerErrors, showAll: false, attempts: 0 };

/** What the Place order button shows it is busy with, if anything. */
export function checkoutBusy(state: CheckoutState): 'placing' | 'redirecting' | null {
  if (state.placing) return 'placing';
  return state.payment.kind === 'redirecting' ? 'redirecting' : null;
}

export function checkoutMachine(state: CheckoutState, event: CheckoutEvent): CheckoutState {
  switch (event.type) {
    case 'invalid':
      return { ...state, showAll: true, error: messages.errorValidatingInformation, attempts: state.attempts + 1 };
    case 'placing':
      // One order at a time; nothing is placed while leaving for the provider either.
      return checkoutBusy(state) ? state : { ...state, placing: true, error: null, server: noServerErrors };
    case 'cartChanged':
      return { ...state, placing: false, error: CHECKOUT_COPY.cartUpdatedStop };
    case 'placed':
      return { ...state, placing: false };
    case 'awaitingPayment':
      return {
        ...state,
        placing: false,
        payment: payableTransition(state.payment, { type: 'opened', id: event.id, paymentUrl: event.paymentUrl }),
      };
    case 'refused':
      return {
        ...state,
        placing: false,
        error: event.message,
        server: event.server,
        showAll: state.showAll || event.namesFields,
        attempts: event.namesFields ? state.attempts + 1 : state.attempts,
      };
    case 'failed':
      return { ...state, placing: false, error: event.message };
  }
}
