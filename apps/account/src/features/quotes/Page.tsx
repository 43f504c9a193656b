import { useState, type ReactNode } from 'react';
import { Link, useNavigate } from 'react-router';
import type { AccountQuote, QuoteConnectionKind } from '@portal/api-client';
import { pathFor } from '@portal/routes';
import { Banner, Button, Card, CardTitle, MutedText, PageTitle, Row, Spinner, Stack, Table, VisuallyHidden } from '@portal/ui';
import { Badge } from '../../shared/Badge';
import { displayDate } from '../../shared/dates';
import { formatMoney } from '../../shared/money';
import type { PagePosition } from '../rma-history/hooks/useRmaHistory';
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
  head,
  row,
}: {
  kind: QuoteConnectionKind;
  title: string;
  empty: string;
  head: ReactNode;
  row: (quote: AccountQuote) => ReactNode;
}) {
  const [position, setPosition] = useState<PagePosition>({ kind: 'first' });
  const [pageNumber, setPageNumber] = useState(1);
  const [reload, setReload] = useState(0);
  const state = useQuotes(kind, position, reload);
  const page = state.status === 'ready' ? state.page : state.status === 'loading' ? state.previous : null;
  const canNext = Boolean(page && (page.pageInfo.hasNextPage || position.kind === 'before'));
  const canPrevious = Boolean(page && pageNumber > 1 && (page.pageInfo.hasPreviousPage || position.kind === 'after'));

  return (
    <Card aria-label={title}>
      <Stack>
        <CardTitle>{title}</CardTitle>
        {state.status === 'loading' ? (
          <Row role="status" $gap="sm">
            <Spinner /> Loading…
          </Row>
        ) : null}
        {state.status === 'failed' ? (
          <Stack $gap="sm">
            <Banner variant="error">{state.message}</Banner>
            <div>
              <Button type="button" onClick={() => setReload((n) => n + 1)}>
                Try again
              </Button>
            </div>
          </Stack>
        ) : null}
        {state.status === 'ready' && state.page.edges.length === 0 ? <MutedText>{empty}</MutedText> : null}
        {page && page.edges.length > 0 ? (
          <Table aria-label={title}>
            <thead>{head}</thead>
            <tbody>{page.edges.map((edge) => row(edge.node))}</tbody>
          </Table>
        ) : null}
        {page && (canNext || canPrevious) ? (
          <Row $gap="sm" role="navigation" aria-label={`Pages of ${title.toLowerCase()}`}>
            <Button
              type="button"
              $variant="secondary"
              disabled={!canPrevious || state.status === 'loading'}
              onClick={() => {
                if (!page.pageInfo.startCursor) return;
                setPosition({ kind: 'before', cursor: page.pageInfo.startCursor });
                setPageNumber((n) => Math.max(1, n - 1));
              }}
            >
              Previous page
            </Button>
            <Button
              type="button"
              $variant="secondary"
              disabled={!canNext || state.status === 'loading'}
              onClick={() => {
                if (!page.pageInfo.endCursor) return;
                setPosition({ kind: 'after', cursor: page.pageInfo.endCursor });
                setPageNumber((n) => n + 1);
              }}
            >
              Next page
            </Button>
          </Row>
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
        head={
          <tr>
            <th scope="col">Quote</th>
            <th scope="col">Unit</th>
            <th scope="col">Amount</th>
            <th scope="col">Expires</th>
            <th scope="col">
              <VisuallyHidden>Action</VisuallyHidden>
            </th>
          </tr>
        }
        row={(quote) => {
          const target = confirmQuoteTarget(quote);
          return (
            <tr key={quote.uid}>
              <td>
                {quote.uid}
                <OrgMark quote={quote} />
              </td>
              <td>
                {quote.serial} {quote.model ? `(${quote.model})` : ''}
              </td>
              <td>{formatMoney(quote.amount)}</td>
              <td>{displayDate(quote.expiresAt)}</td>
              <td>
                {/* Only its owner can pay a saved quote (the payment names the quote); a colleague's is listed for information. */}
                {quote.mine ? (
                  <Button type="button" onClick={() => void navigate(target.to, { state: target.state })} aria-label={`Open ${quote.uid}`}>
                    Open
                  </Button>
                ) : null}
              </td>
            </tr>
          );
        }}
      />
      <QuoteSection
        kind="SERVICE"
        title="Service quotes waiting for payment"
        empty="No service quote is waiting for payment."
        head={
          <tr>
            <th scope="col">Quote</th>
            <th scope="col">RMA</th>
            <th scope="col">Unit</th>
            <th scope="col">Amount</th>
            <th scope="col">Expires</th>
            <th scope="col">
              <VisuallyHidden>Action</VisuallyHidden>
            </th>
          </tr>
        }
        row={(quote) => (
          <tr key={quote.uid}>
            <td>
              {quote.uid}
              <OrgMark quote={quote} />
            </td>
            <td>{quote.rmaNumber ?? ''}</td>
            <td>
              {quote.serial} {quote.model ? `(${quote.model})` : ''}
            </td>
            <td>{formatMoney(quote.amount)}</td>
            <td>{displayDate(quote.expiresAt)}</td>
            <td>
              {quote.payLink ? (
                <Link to={quote.payLink} aria-label={`Pay ${quote.uid}`}>
                  Pay
                </Link>
              ) : null}
            </td>
          </tr>
        )}
      />
    </Stack>
  );
}
