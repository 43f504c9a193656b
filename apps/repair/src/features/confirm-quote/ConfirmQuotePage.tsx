import { useLocation, useNavigate, useParams } from '@portal/router';
import { pathFor } from '@portal/routes';
import { Banner, Card, PageTitle, Stack } from '@portal/ui';
import { COPY } from '../create-rma/copy';
import { CONFIRM_STEP } from '../create-rma/model/flow';
import { isSavedQuote, type SavedQuote } from '../create-rma/model/quote';
import { REPAIR_FLOW, UPGRADE_FLOW, UPGRADE_RMA_TYPE, type FlowKind } from '../create-rma/model/kind';
import { CreateRmaFlow, type ConfirmQuoteRouteState } from '../create-rma/Page';
import { ClosedQuote, QuoteStateView } from '../service-quotes/QuoteFacts';
import { useQuote } from '../service-quotes/useQuote';

/** The kind of request a saved quote priced: its rmaType decides, whichever page opened it. */
export function quoteKind(quote: SavedQuote): FlowKind {
  return quote.externalResource?.rmaInput?.rmaType === UPGRADE_RMA_TYPE ? UPGRADE_FLOW : REPAIR_FLOW;
}

function SavedQuoteFlow({ serial, quote, quoteId, toPage }: { serial: string; quote: SavedQuote; quoteId: string; toPage?: number }) {
  const navigate = useNavigate();
  const kind = quoteKind(quote);
  return (
    <CreateRmaFlow
      key={quoteId}
      kind={kind}
      initialSerial={quote.externalResource?.serial || serial}
      toPage={toPage ?? CONFIRM_STEP}
      quote={quote}
      quoteId={quoteId}
      banner={<Banner title={COPY.quoteSaved(quoteId)}>{kind.alwaysPaid ? COPY.upgradeQuoteSavedHelp : COPY.quoteSavedHelp}</Banner>}
      onReset={() => navigate(pathFor(kind.startRoute), { replace: true, state: { reset: Date.now() } })}
    />
  );
}

/**
 * Route rma-confirm-quote (create-rma/{serial}/confirm-quote?quote=QT-…), and
 * upgrade-device-confirm-quote (upgrade-device/{serial}/confirm-quote?quote=QT-…): a saved quote,
 * every step prefilled from it, opened on the confirm step with the payment card (no Save Quote:
 * it is saved). The quote comes with the navigation from Save Quote, or is fetched by ?quote=;
 * its rmaType says whether it is a repair or an upgrade.
 */
export function ConfirmQuotePage() {
  const { serial = '' } = useParams();
  const location = useLocation();
  const state = (location.state ?? null) as Partial<ConfirmQuoteRouteState> | null;
  const queryId = new URLSearchParams(location.search).get('quote')?.trim() ?? '';
  const given = state && isSavedQuote(state.quoteData) && state.quoteId ? { quote: state.quoteData, quoteId: state.quoteId } : null;
  const { state: fetched, reload } = useQuote(given ? '' : queryId);

  if (given) return <SavedQuoteFlow serial={serial} quote={given.quote} quoteId={given.quoteId} toPage={state?.toPage} />;
  if (fetched.status === 'ready' && fetched.quote.status === 'open') {
    return <SavedQuoteFlow serial={serial} quote={fetched.quote.quoteData} quoteId={fetched.quote.uid} />;
  }
  return (
    <Stack $gap="lg">
      <PageTitle>Your saved quote</PageTitle>
      <Card aria-label="Saved quote">
        <Stack>
          <QuoteStateView state={fetched} onReload={reload} />
          {fetched.status === 'ready' ? <ClosedQuote quote={fetched.quote} /> : null}
        </Stack>
      </Card>
    </Stack>
  );
}
