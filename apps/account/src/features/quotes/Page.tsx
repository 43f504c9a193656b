import { useState, type ReactNode } from 'react';
import { Link, useNavigate } from '@portal/router';
import type { AccountQuote, QuoteConnectionKind } from '@portal/api-client';
import { pathFor } from '@portal/routes';
import { QUOTE_UNIT_BLOCK_TEXT } from '@portal/forms';
import { Button, Card, CardTitle, MutedText, PageTitle, Stack, Table, VisuallyHidden, LoadFailed, Loading, formatMoney, formatDate } from '@portal/ui';
import { Badge } from '../../shared/Badge';
import { KeysetPager, useKeysetPaging } from '../../shared/KeysetPager';
import { useQuotes } from './useQuotes';
import { AccountNav } from '../../shared/AccountNav';

/** The create-RMA stepper's Confirm RMA step (spec §2: the fourth of five). */
const CONFIRM_RMA_STEP = 4;

/**
 * Opening a saved quote goes to rma-confirm-quote (create-rma/{serial}/confirm-quote?quote=<id>),
 * not to create-rma: there the stepper is prefilled from quoteData AND knows the quote's id, so
 * the payment names the saved quote and charges its saved amount (create-rma with quoteData alone
 * would price and save a new quote). The state carries { quoteData, quoteId, toPage } as the
 * repair remote's ConfirmQuoteRouteState reads it, saving a fetch; ?quote= lets the page fetch the
 * quote itself after a reload, or when the listed quoteData could not be read.
 */
function confirmQuoteTarget(quote: AccountQuote) {
  const serial = quote.quoteData?.externalResource?.serial || quote.serial;
  const search = new URLSearchParams({ quote: quote.uid }).toString();
  return {
    to: `${pathFor('rma-confirm-quote', { serial })}?${search}`,
    state: quote.quoteData ? { quoteData: quote.quoteData, quoteId: quote.uid, toPage: CONFIRM_RMA_STEP } : undefined,
  };
}

function OrgMark({ quote }: { quote: AccountQuote }) {
  return quote.mine ? null : (
    <>
      {' '}
      <Badge>Organization</Badge>
    </>
  );
}

function QuoteSection({
  kind,
  title,
  empty,
  rmaColumn = false,
  action,
}: {
  kind: QuoteConnectionKind;
  title: string;
  empty: string;
  /** The quote belongs to an RMA (service quotes): its number gets a column. */
  rmaColumn?: boolean;
  /** What the last column offers for a quote. */
  action: (quote: AccountQuote) => ReactNode;
}) {
  const paging = useKeysetPaging();
  const [reload, setReload] = useState(0);
  const state = useQuotes(kind, paging.position, reload);
  const page = state.status === 'ready' ? state.page : state.status === 'loading' ? state.previous : null;

  return (
    <Card aria-label={title}>
      <Stack>
        <CardTitle>{title}</CardTitle>
        {state.status === 'loading' ? <Loading>Loading…</Loading> : null}
        {state.status === 'failed' ? <LoadFailed message={state.message} onRetry={() => setReload((n) => n + 1)} /> : null}
        {state.status === 'ready' && state.page.edges.length === 0 ? <MutedText>{empty}</MutedText> : null}
        {page && page.edges.length > 0 ? (
          <Table aria-label={title}>
            <thead>
              <tr>
                <th scope="col">Quote</th>
                {rmaColumn ? <th scope="col">RMA</th> : null}
                <th scope="col">Unit</th>
                <th scope="col">Amount</th>
                <th scope="col">Expires</th>
                <th scope="col">
                  <VisuallyHidden>Action</VisuallyHidden>
                </th>
              </tr>
            </thead>
            <tbody>
              {page.edges.map(({ node: quote }) => (
                <tr key={quote.uid}>
                  <td>
                    {quote.uid}
                    <OrgMark quote={quote} />
                  </td>
                  {rmaColumn ? <td>{quote.rmaNumber ?? ''}</td> : null}
                  <td>
                    {quote.serial} {quote.model ? `(${quote.model})` : ''}
                  </td>
                  <td>{formatMoney(quote.amount)}</td>
                  <td>{formatDate(quote.expiresAt)}</td>
                  <td>{action(quote)}</td>
                </tr>
              ))}
            </tbody>
          </Table>
        ) : null}
        {page ? (
          <KeysetPager page={page} paging={paging} loading={state.status === 'loading'} label={`Pages of ${title.toLowerCase()}`} hideSinglePage />
        ) : null}
      </Stack>
    </Card>
  );
}

/**
 * Routes your-account/quotes and your-account/saved-quotes (the same page): saved quotes, each
 * opened into the create-RMA stepper prefilled to pay its saved amount, and service quotes
 * waiting for payment, each with its pay-quote link.
 */
export function QuotesPage() {
  const navigate = useNavigate();
  return (
    <Stack $gap="lg">
      <AccountNav />
      <PageTitle>Your quotes</PageTitle>
      <QuoteSection
        kind="SAVED"
        title="Saved quotes"
        empty="You have no saved quotes."
        action={(quote) => {
          const target = confirmQuoteTarget(quote);
          // Only its owner can pay a saved quote (the payment names the quote); a colleague's is listed for information.
          if (!quote.mine) return null;
          // A unit that would refuse the RMA (an open RMA meanwhile, say) gets no Open: the page would refuse it.
          if (quote.unitBlock) return <MutedText>{QUOTE_UNIT_BLOCK_TEXT[quote.unitBlock]}</MutedText>;
          return (
            <Button type="button" onClick={() => void navigate(target.to, { state: target.state })} aria-label={`Open ${quote.uid}`}>
              Open
            </Button>
          );
        }}
      />
      <QuoteSection
        kind="SERVICE"
        title="Service quotes waiting for payment"
        empty="No service quote is waiting for payment."
        rmaColumn
        action={(quote) =>
          quote.payLink ? (
            <Link to={quote.payLink} aria-label={`Pay ${quote.uid}`}>
              Pay
            </Link>
          ) : null
        }
      />
    </Stack>
  );
}
