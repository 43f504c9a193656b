import { useCallback, useReducer } from 'react';
import { idleOffer, offerTransition, type OfferAction, type OfferState } from './offer';

export interface Offer {
  state: OfferState;
  /**
   * Starts action on the payable id, unless one is under way. work resolves with the notice to
   * show (done here) or null when the page moves on (to the provider, to another page), which
   * keeps the action busy until it has; its failure is shown in words.
   */
  start: (id: string, action: OfferAction, work: () => Promise<string | null>) => void;
}

/** The Pay Now / Cancel offer of payables that await their payment (offer.ts), run. */
export function useOffer(failure: (error: unknown) => string): Offer {
  const [state, dispatch] = useReducer(offerTransition, idleOffer);
  const busy = state.busy !== null;
  const start = useCallback(
    (id: string, action: OfferAction, work: () => Promise<string | null>) => {
      if (busy) return;
      dispatch({ type: 'start', id, action });
      work().then(
        (notice) => {
          if (notice !== null) dispatch({ type: 'done', notice });
        },
        (error: unknown) => dispatch({ type: 'failed', message: failure(error) }),
      );
    },
    [busy, failure],
  );
  return { state, start };
}
