import type { Location } from '@portal/router';
import { isSavedQuote, type SavedQuote } from './model/quote';

/** Route inputs of spec §2: toPage (location state or ?toPage=) and quoteData (location state). */
export interface CreateRmaRouteState {
  toPage?: number;
  quoteData?: SavedQuote;
}

/** What Save Quote hands to rma-confirm-quote (the page fetches the quote by ?quote= without it). */
export interface ConfirmQuoteRouteState extends CreateRmaRouteState {
  quoteId: string;
}

export function readRouteInputs(location: Location): { toPage?: number; quote: SavedQuote | null } {
  const state = (location.state ?? null) as CreateRmaRouteState | null;
  const fromQuery = new URLSearchParams(location.search).get('toPage');
  const toPage = Number(state?.toPage ?? fromQuery ?? undefined);
  return {
    toPage: Number.isInteger(toPage) ? toPage : undefined,
    quote: isSavedQuote(state?.quoteData) ? state.quoteData : null,
  };
}

/** Location state of a reset ('Need to Create a new Service Request?'): a fresh run, no route inputs. */
export interface ResetState {
  reset: number;
}

export function resetStamp(location: Location): number | null {
  const state = location.state as Partial<ResetState> | null;
  return typeof state?.reset === 'number' ? state.reset : null;
}
