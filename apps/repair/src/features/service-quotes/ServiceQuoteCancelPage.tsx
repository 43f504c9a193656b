import { useLocation } from '@portal/router';
import { pathFor } from '@portal/routes';
import { Card, PageTitle, Row, Stack, formatDate } from '@portal/ui';
import { ButtonLink } from '@portal/forms/units';
import { QUOTE_COPY } from './copy';
import { ClosedQuote, QuoteFacts, QuoteStateView } from './QuoteFacts';
import { useQuote } from './useQuote';

/**
 * Route service-quote-cancel (?quote=): the customer left a provider's page without paying.
 * Nothing was charged; the quote stays open, and both ways to pay it are offered again.
 */
export function ServiceQuoteCancelPage() {
  const location = useLocation();
  const uid = new URLSearchParams(location.search).get('quote')?.trim() ?? '';
  const { state, reload } = useQuote(uid);
  const quote = state.status === 'ready' ? state.quote : null;
  const open = quote?.status === 'open' && quote.reference;

  return (
    <Stack $gap="lg">
      <PageTitle>{QUOTE_COPY.cancelTitle}</PageTitle>
      <Card aria-label="Quote">
        <Stack>
          <p>{QUOTE_COPY.cancelText}</p>
          {state.status === 'signed-out' ? null : <QuoteStateView state={state} onReload={reload} />}
          {quote ? <QuoteFacts quote={quote} /> : null}
          {quote ? <ClosedQuote quote={quote} /> : null}
          {!quote || quote.status === 'open' ? <p>{QUOTE_COPY.cancelNext(formatDate(quote?.expiresAt) || null)}</p> : null}
        </Stack>
      </Card>
      <Row>
        {open && quote?.reference ? (
          <>
            <ButtonLink to={pathFor('pay-quote', { quoteid: quote.uid, reference: quote.reference })}>Pay with PayPal</ButtonLink>
            <ButtonLink to={pathFor('pay-quote-by-authorize', { quoteid: quote.uid, reference: quote.reference })}>Pay by Card</ButtonLink>
          </>
        ) : null}
        <ButtonLink to={pathFor('home')} $variant="secondary">
          Home
        </ButtonLink>
      </Row>
    </Stack>
  );
}
