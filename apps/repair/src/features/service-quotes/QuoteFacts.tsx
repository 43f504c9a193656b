import styled from 'styled-components';
import type { QuoteDetails } from '@portal/api-client';
import { Banner, Button, Loading as LoadingStatus, Stack, formatMoney, formatDate } from '@portal/ui';
import { Facts } from '@portal/forms/units';
import { QUOTE_COPY } from './copy';
import type { QuoteState } from './useQuote';
import { useSession } from '@portal/auth';

const Amount = styled.p`
  margin: 0;
  font-size: ${({ theme }) => theme.font.size.lg};
  font-weight: ${({ theme }) => theme.font.weight.medium};
`;

export function AmountDue({ quote }: { quote: QuoteDetails }) {
  return <Amount>Amount due: {formatMoney(quote.amount)}</Amount>;
}

/** The quote's facts: number, RMA, serial, amount, expiry or payment day, and staff's note. */
export function QuoteFacts({ quote }: { quote: QuoteDetails }) {
  const paid = quote.status === 'paid';
  return (
    <Facts
      rows={[
        ['Quote', quote.uid],
        ['RMA', quote.rmaNumber ?? ''],
        ['Serial', quote.serial],
        [paid ? 'Amount paid' : 'Amount', formatMoney(quote.amount)],
        paid ? ['Paid on', formatDate(quote.paidAt)] : ['Valid until', formatDate(quote.expiresAt)],
        ...(quote.note ? ([['Note', quote.note]] as const) : []),
      ]}
    />
  );
}

/** The quote pages' loading status ('Loading the quote…' unless told otherwise). */
export function Loading({ text = QUOTE_COPY.loading }: { text?: string }) {
  return <LoadingStatus>{text}</LoadingStatus>;
}

function SignInPrompt() {
  const session = useSession();
  return (
    <Stack>
      <p>{QUOTE_COPY.signIn}</p>
      <div>
        <Button onClick={() => void session.signIn()}>Sign in</Button>
      </div>
    </Stack>
  );
}

/**
 * What a quote page shows while its quote is not there: loading, sign-in, not found, or the
 * failure with a way to try again. Null once the quote is ready.
 */
export function QuoteStateView({ state, onReload }: { state: QuoteState; onReload: () => void }) {
  switch (state.status) {
    case 'ready':
      return null;
    case 'loading':
      return <Loading />;
    case 'signed-out':
      return <SignInPrompt />;
    case 'missing':
      return <Banner variant="error">{QUOTE_COPY.missing}</Banner>;
    case 'not-found':
      return <Banner variant="error">{QUOTE_COPY.notFound}</Banner>;
    case 'failed':
      return (
        <Stack>
          <Banner variant="error">{state.message}</Banner>
          <div>
            <Button $variant="secondary" onClick={onReload}>
              Load the quote again
            </Button>
          </div>
        </Stack>
      );
  }
}

/** A quote that can no longer be paid here (paid, cancelled, expired): what it is and what next; null when open. */
export function ClosedQuote({ quote }: { quote: QuoteDetails }) {
  if (quote.status === 'open') return null;
  if (quote.status === 'paid') return <Banner title="Paid">{QUOTE_COPY.paid(quote.uid)}</Banner>;
  if (quote.status === 'cancelled') return <Banner variant="warning">{QUOTE_COPY.cancelled(quote.uid)}</Banner>;
  return <Banner variant="warning">{QUOTE_COPY.expired(quote.uid)}</Banner>;
}

