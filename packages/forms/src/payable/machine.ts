/**
 * What the payment provider's return URL carries: the payable's id (an RMA number, a parts order's
 * batch id), PayPal's token when the customer approved, and `cancelled=1` when she cancelled there.
 */
export interface ProviderReturn {
  id: string;
  token: string;
  cancelled: boolean;
}

/** Reads the provider's return from a page's query: `?{idParam}=…[&token=…&PayerID=…][&cancelled=1]`. */
export function readProviderReturn(search: string, idParam: string): ProviderReturn | null {
  const params = new URLSearchParams(search);
  const id = params.get(idParam)?.trim() ?? '';
  if (!id) return null;
  return { id, token: params.get('token')?.trim() ?? '', cancelled: params.get('cancelled') === '1' };
}

/**
 * Where one payable (a repair RMA or a parts order the server holds until it is paid) stands,
 * from the moment it exists until it is released or placed, or cancelled:
 * - idle: nothing awaits a payment on this page;
 * - redirecting: on the way to the provider's page (url);
 * - settling: back with the provider's token (or paid by PO, or paid meanwhile: no token), the
 *   payment is captured and the payable released or placed;
 * - cancelling: back from a cancelled payment, or the customer pressed Cancel;
 * - failed: declined, not confirmed, or the cancel refused; Try Again or Cancel;
 * - settled, cancelled: done.
 * paymentUrl is the provider's page last known for the payable, where Try Again goes back to.
 */
export type PayableState =
  | { kind: 'idle' }
  | { kind: 'redirecting'; id: string; url: string }
  | { kind: 'settling'; id: string; token: string; paymentUrl: string }
  | { kind: 'cancelling'; id: string; paymentUrl: string }
  | { kind: 'failed'; id: string; message: string; paymentUrl: string }
  | { kind: 'settled'; id: string }
  | { kind: 'cancelled'; id: string };

export type PayableEvent =
  /** The payable exists, or is paid again: with the provider's page it is paid there, without it is settled at once. */
  | { type: 'opened'; id: string; paymentUrl: string }
  /** Back from the provider; noToken is the message of a return without its token (spec §8). */
  | { type: 'returned'; back: ProviderReturn; paymentUrl: string; noToken: string }
  | { type: 'settled' }
  | { type: 'cancel' }
  | { type: 'cancelled' }
  /** Settling, cancelling or paying again failed, in words. */
  | { type: 'failed'; message: string };

export const idlePayable: PayableState = { kind: 'idle' };

/** The payable's id once there is one (the RMA or order exists), else null. */
export function payableId(state: PayableState): string | null {
  return state.kind === 'idle' ? null : state.id;
}

/** Whether the page is busy with the payment and takes no other step (leaving, settling, cancelling). */
export function isPayableBusy(state: PayableState): boolean {
  return state.kind === 'redirecting' || state.kind === 'settling' || state.kind === 'cancelling';
}

function lastPaymentUrl(state: PayableState): string {
  if (state.kind === 'redirecting') return state.url;
  return 'paymentUrl' in state ? state.paymentUrl : '';
}

/** The payable's next state; an event that does not apply where it stands leaves it as it is. */
export function payableTransition(state: PayableState, event: PayableEvent): PayableState {
  switch (event.type) {
    case 'opened':
      // A new payable, or Try Again / Pay Now on one that waits; never while one is under way.
      if (isPayableBusy(state)) return state;
      return event.paymentUrl
        ? { kind: 'redirecting', id: event.id, url: event.paymentUrl }
        : { kind: 'settling', id: event.id, token: '', paymentUrl: lastPaymentUrl(state) };
    case 'returned': {
      if (state.kind !== 'idle') return state; // the return is read once, on arrival
      const { back, paymentUrl } = event;
      if (back.cancelled) return { kind: 'cancelling', id: back.id, paymentUrl };
      if (!back.token) return { kind: 'failed', id: back.id, message: event.noToken, paymentUrl };
      return { kind: 'settling', id: back.id, token: back.token, paymentUrl };
    }
    case 'settled':
      return state.kind === 'settling' ? { kind: 'settled', id: state.id } : state;
    case 'cancel':
      return state.kind === 'failed' ? { kind: 'cancelling', id: state.id, paymentUrl: state.paymentUrl } : state;
    case 'cancelled':
      return state.kind === 'cancelling' ? { kind: 'cancelled', id: state.id } : state;
    case 'failed':
      if (state.kind === 'idle' || state.kind === 'settled' || state.kind === 'cancelled') return state;
      return { kind: 'failed', id: state.id, message: event.message, paymentUrl: lastPaymentUrl(state) };
  }
}
