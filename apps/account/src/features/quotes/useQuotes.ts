import type { AccountQuote, QuoteConnectionKind } from '@portal/api-client';
import { keyset, useConnection, type ConnectionLoader, type ConnectionState, type PagePosition } from '../../shared/keyset';

export const QUOTES_PAGE_SIZE = 10;
export const QUOTES_FAILED = 'Your quotes could not be loaded. Please try again.';

export type QuotesState = ConnectionState<AccountQuote>;

interface QuotesRequest {
  kind: QuoteConnectionKind;
  position: PagePosition;
}

const loadQuotes: ConnectionLoader<QuotesRequest, AccountQuote> = (api, { kind, position }, signal) =>
  api.account.quotesConnection({ kinds: [kind] }, { field: 'EXPIRES_AT', desc: false }, keyset(position, QUOTES_PAGE_SIZE), { signal });

/** One keyset page of one kind of quote (savedQuoteConnection), soonest expiry first. */
export function useQuotes(kind: QuoteConnectionKind, position: PagePosition, reload: number): QuotesState {
  return useConnection(loadQuotes, { kind, position }, reload, QUOTES_FAILED);
}
