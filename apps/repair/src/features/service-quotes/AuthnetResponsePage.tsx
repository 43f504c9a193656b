import { useCallback, useEffect, useRef, useState } from 'react';
import { useLocation, useNavigate } from '@portal/router';
import { isApiError } from '@portal/api-client';
import { useApi, useSessionState } from '@portal/auth';
import { pathFor } from '@portal/routes';
import { Banner, Button, Card, PageTitle, Stack } from '@portal/ui';
import { serverMessage } from '../create-rma/model/createError';
import { QUOTE_COPY } from './copy';
import { Loading, QuoteStateView } from './QuoteFacts';

/** How often, and how long, the page asks whether the card payment has been recorded. */
export const CONFIRM_RETRY_MS = 2_000;
export const CONFIRM_ATTEMPTS = 8;

type Phase = { kind: 'confirming' } | { kind: 'waiting' } | { kind: 'failed'; message: string };

/**
 * Route authnet-response (?quote=): back from Authorize.net's hosted form, which carries no
 * result. The server confirms the payment with the processor; while it knows of no transaction
 * yet (409 payments.notApproved) the page asks again every 2 s for a while, then offers to check
 * again. Once paid: /service-quote-successful?quote=….
 */
export function AuthnetResponsePage() {
  const location = useLocation();
  const navigate = useNavigate();
  const api = useApi();
  const session = useSessionState();
  const uid = new URLSearchParams(location.search).get('quote')?.trim() ?? '';
  const [phase, setPhase] = useState<Phase>({ kind: 'confirming' });
  const [round, setRound] = useState(0);
  const alive = useRef(true);
  useEffect(() => {
    alive.current = true;
    return () => {
      alive.current = false;
    };
  }, []);

  // The phase is 'confirming' when this starts (first render, or Check again).
  const confirm = useCallback(() => {
    const attemptOnce = (attempt: number): Promise<void> =>
      api.payments.confirmAuthnet(uid).then(
        () => {
          if (alive.current) void navigate(`${pathFor('service-quote-successful')}?${new URLSearchParams({ quote: uid }).toString()}`, { replace: true });
        },
        (error: unknown) => {
          if (!alive.current) return undefined;
          if (!(isApiError(error) && error.error === 'payments.notApproved')) {
            setPhase({ kind: 'failed', message: serverMessage(error) });
            return undefined;
          }
          if (attempt >= CONFIRM_ATTEMPTS) {
            setPhase({ kind: 'waiting' });
            return undefined;
          }
          return new Promise<void>((resolve) => setTimeout(resolve, CONFIRM_RETRY_MS)).then(() =>
            alive.current ? attemptOnce(attempt + 1) : undefined,
          );
        },
      );
    return attemptOnce(1);
  }, [api, navigate, uid]);

  const signedIn = session.status === 'signed-in';
  useEffect(() => {
    if (uid && signedIn) void confirm();
  }, [confirm, uid, signedIn, round]);

  const again = (
    <div>
      <Button
        onClick={() => {
          setPhase({ kind: 'confirming' });
          setRound((n) => n + 1);
        }}
      >
        Check again
      </Button>
    </div>
  );

  return (
    <Stack $gap="lg">
      <PageTitle>Confirming your payment</PageTitle>
      <Card aria-label="Payment">
        <Stack>
          {!uid ? <QuoteStateView state={{ status: 'missing' }} onReload={() => undefined} /> : null}
          {uid && session.status === 'signed-out' ? <QuoteStateView state={{ status: 'signed-out' }} onReload={() => undefined} /> : null}
          {uid && session.status !== 'signed-out' && phase.kind === 'confirming' ? <Loading text={QUOTE_COPY.confirming} /> : null}
          {uid && phase.kind === 'waiting' ? (
            <>
              <Banner variant="warning">{QUOTE_COPY.notConfirmedYet}</Banner>
              {again}
            </>
          ) : null}
          {uid && phase.kind === 'failed' ? (
            <>
              <Banner variant="error">{phase.message}</Banner>
              {again}
            </>
          ) : null}
        </Stack>
      </Card>
    </Stack>
  );
}
