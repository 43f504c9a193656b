import { useEffect, useRef, useState } from 'react';
import { useLocation, useNavigate, useParams } from '@portal/router';
import { useApi } from '@portal/auth';
import { messages } from '@portal/forms';
import { pathFor } from '@portal/routes';
import { Banner, Button, Card, MutedText, PageTitle, Spinner, Stack } from '@portal/ui';
import { browser } from '../create-rma/model/paymentReturn';
import { serverMessage } from '../create-rma/model/createError';
import { QUOTE_COPY } from './copy';
import { AmountDue, ClosedQuote, Loading, QuoteFacts, QuoteStateView } from './QuoteFacts';
import { useQuote } from './useQuote';

type Phase = { kind: 'idle' } | { kind: 'redirecting' } | { kind: 'failed'; message: string };

/**
 * Route pay-quote/{quoteid}/{reference}: a service quote paid through PayPal. 'Pay with PayPal'
 * opens PayPal's approve page; PayPal sends the customer back here with ?token=…&PayerID=…, the
 * server captures the order and the customer lands on /success?quote=….
 */
export function PayQuotePage() {
  const { quoteid = '', reference = '' } = useParams();
  const location = useLocation();
  const navigate = useNavigate();
  const api = useApi();
  const { state, reload } = useQuote(quoteid, reference);
  const [phase, setPhase] = useState<Phase>({ kind: 'idle' });
  const params = new URLSearchParams(location.search);
  const token = params.get('token')?.trim() ?? '';
  const returned = params.has('token') || params.has('PayerID');
  const handled = useRef(false);
  const quote = state.status === 'ready' ? state.quote : null;
  const success = `${pathFor('success')}?${new URLSearchParams({ quote: quoteid }).toString()}`;

  // Back from PayPal: capture once, then the success page.
  const capturing = returned && token !== '' && quote?.status === 'open' && phase.kind === 'idle';
  const noToken = returned && token === '' && quote?.status === 'open' && phase.kind === 'idle';
  useEffect(() => {
    if (!quote || !returned || handled.current) return;
    if (quote.status === 'paid') {
      handled.current = true;
      void navigate(success, { replace: true });
      return;
    }
    if (quote.status !== 'open' || !token) return;
    handled.current = true;
    api.payments.capturePayPal({ uid: quote.uid, reference, token }).then(
      () => void navigate(success, { replace: true }),
      (error: unknown) => setPhase({ kind: 'failed', message: serverMessage(error) }),
    );
  }, [api, navigate, quote, reference, returned, success, token]);

  async function pay() {
    if (!quote || phase.kind === 'redirecting' || capturing) return;
    setPhase({ kind: 'redirecting' });
    try {
      const order = await api.payments.startPayPalOrder({ uid: quote.uid, reference });
      browser.assign(order.paymentUrl);
    } catch (error) {
      setPhase({ kind: 'failed', message: serverMessage(error) });
    }
  }

  return (
    <Stack $gap="lg">
      <PageTitle>Pay your service quote</PageTitle>
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
          {capturing ? <Loading text={QUOTE_COPY.capturing} /> : null}
          {noToken ? <Banner variant="error">{messages.noPayPalToken}</Banner> : null}
          {phase.kind === 'failed' ? <Banner variant="error">{phase.message}</Banner> : null}
          {quote?.status === 'open' && !capturing ? (
            <Stack $gap="sm">
              <MutedText>{QUOTE_COPY.payPalNext}</MutedText>
              <div>
                <Button onClick={() => void pay()} aria-disabled={phase.kind === 'redirecting' || undefined} aria-busy={phase.kind === 'redirecting' || undefined}>
                  {phase.kind === 'redirecting' ? <Spinner /> : null}
                  Pay with PayPal
                </Button>
              </div>
            </Stack>
          ) : null}
        </Stack>
      </Card>
    </Stack>
  );
}
