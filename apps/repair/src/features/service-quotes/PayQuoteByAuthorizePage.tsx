import { useState } from 'react';
import { useParams } from '@portal/router';
import { useApi } from '@portal/auth';
import { Banner, Button, Card, MutedText, PageTitle, Spinner, Stack } from '@portal/ui';
import { browser } from '../create-rma/model/paymentReturn';
import { serverMessage } from '../create-rma/model/createError';
import { QUOTE_COPY } from './copy';
import { AmountDue, ClosedQuote, QuoteFacts, QuoteStateView } from './QuoteFacts';
import { useQuote } from './useQuote';

/**
 * Route pay-quote-by-authorize/{quoteid}/{reference}: a service quote paid on Authorize.net's
 * hosted payment form. 'Pay by Card' asks the server for the form and its token and posts the
 * token there; the processor sends the customer back to /authnet-response?quote=….
 */
export function PayQuoteByAuthorizePage() {
  const { quoteid = '', reference = '' } = useParams();
  const api = useApi();
  const { state, reload } = useQuote(quoteid, reference);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const quote = state.status === 'ready' ? state.quote : null;

  async function pay() {
    if (!quote || busy) return;
    setBusy(true);
    setError(null);
    try {
      const form = await api.payments.authnetForm({ uid: quote.uid, reference });
      browser.post(form.formUrl, { token: form.token });
    } catch (failure) {
      setBusy(false);
      setError(serverMessage(failure));
    }
  }

  return (
    <Stack $gap="lg">
      <PageTitle>Pay your service quote by card</PageTitle>
      <Card aria-label="Service quote">
        <Stack>
          <QuoteStateView state={state} onReload={reload} />
          {quote ? (
            <>
              <p>{QUOTE_COPY.payIntro}</p>
              <AmountDue quote={quote} />
              <QuoteFacts quote={quote} />
              <ClosedQuote quote={quote} />
            </>
          ) : null}
          {error ? <Banner variant="error">{error}</Banner> : null}
          {quote?.status === 'open' ? (
            <Stack $gap="sm">
              <MutedText>{QUOTE_COPY.cardNext}</MutedText>
              <div>
                <Button onClick={() => void pay()} aria-disabled={busy || undefined} aria-busy={busy || undefined}>
                  {busy ? <Spinner /> : null}
                  Pay by Card
                </Button>
              </div>
            </Stack>
          ) : null}
        </Stack>
      </Card>
    </Stack>
  );
}
