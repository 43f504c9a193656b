/** What the customer started on a payable that awaits its payment: Pay Now or Cancel. */
export type OfferAction = 'paying' | 'cancelling';

/**
 * The Pay Now / Cancel offer of payables that await their payment (the unit's RMA, the parts
 * orders a checkout lists): one action at a time, then its notice or its failure.
 */
export interface OfferState {
  busy: { id: string; action: OfferAction } | null;
  notice: string | null;
  error: string | null;
}

export type OfferEvent =
  | { type: 'start'; id: string; action: OfferAction }
  /** Done here, with what to tell the customer. */
  | { type: 'done'; notice: string }
  | { type: 'failed'; message: string };

export const idleOffer: OfferState = { busy: null, notice: null, error: null };

export function offerTransition(state: OfferState, event: OfferEvent): OfferState {
  switch (event.type) {
    case 'start':
      // One at a time: a second click while one runs is not a second request.
      return state.busy ? state : { busy: { id: event.id, action: event.action }, notice: state.notice, error: null };
    case 'done':
      return state.busy ? { busy: null, notice: event.notice, error: null } : state;
    case 'failed':
      return state.busy ? { busy: null, notice: state.notice, error: event.message } : state;
  }
}

/** The action under way on id, if any (for its button's spinner). */
export function busyWith(state: OfferState, id: string): OfferAction | null {
  return state.busy?.id === id ? state.busy.action : null;
}
