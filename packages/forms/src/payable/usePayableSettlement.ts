import { useEffect, useRef } from 'react';
import type { PayableEvent, PayableState } from './machine';

/** What settling and cancelling a payable call, and what follows them; the app's own API. */
export interface SettlementPorts<R> {
  /** Captures the payment (token '' when there is none to capture: PO, paid meanwhile) and releases or places the payable. */
  settle: (id: string, token: string) => Promise<R>;
  cancel: (id: string) => Promise<unknown>;
  onSettled: (result: R, id: string) => void;
  onCancelled: (id: string) => void;
  /** The failure of settling or cancelling, in words; null for a cancel whose failure is no failure to the customer. */
  failure: (error: unknown, action: 'settle' | 'cancel') => string | null;
}

/**
 * Performs what a settling or cancelling payable asks, once per state it enters: React's
 * StrictMode runs an effect twice on mount, and capturing a payment twice must not be attempted
 * (nor cancelling twice). The state object is the key: a new attempt (Try Again) is a new state.
 */
export function usePayableSettlement<R>(state: PayableState, dispatch: (event: PayableEvent) => void, ports: SettlementPorts<R>): void {
  const latest = useRef(ports);
  useEffect(() => {
    latest.current = ports;
  });
  const started = useRef<PayableState | null>(null);

  useEffect(() => {
    if (state.kind !== 'settling' && state.kind !== 'cancelling') return;
    if (started.current === state) return;
    started.current = state;
    const failed = (action: 'settle' | 'cancel') => (error: unknown) => {
      const message = latest.current.failure(error, action);
      dispatch(message === null ? { type: 'cancelled' } : { type: 'failed', message });
      if (message === null) latest.current.onCancelled(state.id);
    };
    if (state.kind === 'settling') {
      latest.current.settle(state.id, state.token).then((result) => {
        dispatch({ type: 'settled' });
        latest.current.onSettled(result, state.id);
      }, failed('settle'));
    } else {
      latest.current.cancel(state.id).then(() => {
        dispatch({ type: 'cancelled' });
        latest.current.onCancelled(state.id);
      }, failed('cancel'));
    }
  }, [state, dispatch]);
}
