import { useLocation } from '@portal/router';
import type { QuoteDetails } from '@portal/api-client';
import { pathFor } from '@portal/routes';
import { Banner, Card, PageTitle, Row, Stack } from '@portal/ui';
import { ButtonLink } from '@portal/forms/units';
import { QUOTE_COPY } from './copy';
import { ClosedQuote, QuoteFacts, QuoteStateView } from './QuoteFacts';
import { useQuote } from './useQuote';

/**
 * The page a quote's payment ends on (?quote=). It says the payment was received only when the
 * server says the quote is paid: opened without a quote, for a quote not found, signed out, or
 * for a quote not (yet) paid, it says what it knows under a neutral title, never a thank-you
 * above 'No quote was given'. Paid, it shows the quote's facts and what comes next.
 */
export function PaymentReceived() {
  const location = useLocation();
  const uid = new URLSearchParams(location.search).get('quote')?.trim() ?? '';
  const { state, reload } = useQuote(uid);
  const quote = state.status === 'ready' ? state.quote : null;
  const paid = quote?.status === 'paid';

  return (
    <Stack $gap="lg">
      <PageTitle>{paid ? QUOTE_COPY.paidTitle : QUOTE_COPY.resultTitle}</PageTitle>
      <Card aria-label="Payment">
        <Stack>
          <QuoteStateView state={state} onReload={reload} />
          {quote?.status === 'open' ? <Banner variant="warning">{QUOTE_COPY.notConfirmedYet}</Banner> : null}
          {quote ? <ClosedQuoteNotice quote={quote} /> : null}
          {quote ? <QuoteFacts quote={quote} /> : null}
          {quote && paid ? <p>{QUOTE_COPY.paidNext(quote.rmaNumber ?? '')}</p> : null}
        </Stack>
      </Card>
      <Row>
        <ButtonLink to={pathFor('rma-history')}>Your RMAs</ButtonLink>
        <ButtonLink to={pathFor('home')} $variant="secondary">
          Home
        </ButtonLink>
      </Row>
    </Stack>
  );
}

/** A quote that was cancelled or expired instead of paid says so; a paid or open one shows nothing here. */
function ClosedQuoteNotice({ quote }: { quote: QuoteDetails }) {
  return quote.status === 'cancelled' || quote.status === 'expired' ? <ClosedQuote quote={quote} /> : null;
}
