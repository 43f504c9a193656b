import { useLocation } from '@portal/router';
import { pathFor } from '@portal/routes';
import { Banner, Card, PageTitle, Row, Stack } from '@portal/ui';
import { ButtonLink } from '@portal/forms/units';
import { QUOTE_COPY } from './copy';
import { QuoteFacts, QuoteStateView } from './QuoteFacts';
import { useQuote } from './useQuote';

/**
 * A paid quote (?quote=): what happened (the payment was received, a receipt e-mailed) and what
 * comes next (the work is done and the unit shipped back), with the quote's facts.
 */
export function PaymentReceived() {
  const location = useLocation();
  const uid = new URLSearchParams(location.search).get('quote')?.trim() ?? '';
  const { state, reload } = useQuote(uid);
  const quote = state.status === 'ready' ? state.quote : null;

  return (
    <Stack $gap="lg">
      <PageTitle>{QUOTE_COPY.paidTitle}</PageTitle>
      <Card aria-label="Payment">
        <Stack>
          {state.status === 'signed-out' && uid ? <p>{QUOTE_COPY.paidNoDetails(uid)}</p> : <QuoteStateView state={state} onReload={reload} />}
          {quote && quote.status !== 'paid' ? <Banner variant="warning">{QUOTE_COPY.notConfirmedYet}</Banner> : null}
          {quote ? <QuoteFacts quote={quote} /> : null}
          {quote && quote.status === 'paid' ? <p>{QUOTE_COPY.paidNext(quote.rmaNumber ?? '')}</p> : null}
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
