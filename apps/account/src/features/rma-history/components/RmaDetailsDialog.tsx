import { useEffect, useState, type ComponentType, type ComponentProps } from 'react';
import { isAbortError, isApiError, type ApiClient, type DecisionChoice, type DecisionResult, type RmaDetails } from '@portal/api-client';
import { useApi } from '@portal/auth';
import { Banner, Dialog, Row, Spinner } from '@portal/ui';
import { statusText } from '../../../shared/statusText';
import type { RmaDetailsBody } from './RmaDetailsBody';

export const DETAILS_FAILED = 'The details of this RMA could not be loaded. Please try again.';
export const notAmongYours = (rmaNumber: string) => `${rmaNumber} is not among your RMAs.`;

/** What the window says once a decision is recorded: the RMA's new status, in words. */
export const decidedText = (status: string) => `Your decision is recorded. Your RMA is now: ${statusText(status)}.`;
export const PAY_RETURN_FEE = 'Pay the return fee';

type Body = ComponentType<ComponentProps<typeof RmaDetailsBody>>;

type Loaded = { status: 'loading' } | { status: 'ready'; details: RmaDetails; Body: Body } | { status: 'failed'; message: string };

const loadBody = (): Promise<Body> => import('./RmaDetailsBody').then((module) => module.RmaDetailsBody);

/** The RMA to show: a history row's, or (uid null) one named by a link, found among the viewer's RMAs by its number. */
export interface DetailsTarget {
  rmaNumber: string;
  uid: string | null;
}

/** The uid of the viewer's RMA rmaNumber through the history's own search; null when they have none by that number. */
async function uidOf(api: ApiClient, rmaNumber: string, signal: AbortSignal): Promise<string | null> {
  const page = await api.account.rmasConnection({ text: rmaNumber }, { field: 'CREATED_AT', desc: true }, { first: 10 }, { signal });
  return page.edges.find((edge) => edge.node.rmaNumber === rmaNumber)?.node.uid ?? null;
}

async function loadDetails(api: ApiClient, target: DetailsTarget, signal: AbortSignal): Promise<RmaDetails | string> {
  const uid = target.uid ?? (await uidOf(api, target.rmaNumber, signal));
  if (!uid) return notAmongYours(target.rmaNumber);
  return api.account.details(uid, { signal });
}

interface Decided {
  status: string;
  /** The return fee's pay link, after a return unrepaired. */
  feeUrl: string | null;
}

/**
 * The details window of one RMA: GET details?uid=, then the repair summary on request. The body's
 * code comes with the details, in parallel; either failing shows the window's error. A decision
 * on a revised quote reads the details again in place (the window stays) and tells the page,
 * whose history row shows the new status.
 */
export function RmaDetailsDialog({ target, onClose, onChanged }: { target: DetailsTarget; onClose: () => void; onChanged?: () => void }) {
  const api = useApi();
  const [state, setState] = useState<Loaded>({ status: 'loading' });
  const [reads, setReads] = useState(0);
  const [decided, setDecided] = useState<Decided | null>(null);

  useEffect(() => {
    const controller = new AbortController();
    Promise.all([loadDetails(api, target, controller.signal), loadBody()]).then(
      ([details, Body]) =>
        setState(typeof details === 'string' ? { status: 'failed', message: details } : { status: 'ready', details, Body }),
      (error: unknown) => {
        if (controller.signal.aborted || isAbortError(error)) return;
        setState({ status: 'failed', message: isApiError(error) && error.status === 404 ? error.message : DETAILS_FAILED });
      },
    );
    return () => controller.abort();
  }, [api, target, reads]);

  const onDecided = (result: DecisionResult, choice: DecisionChoice) => {
    setDecided({ status: result.status, feeUrl: choice === 'RETURN_UNREPAIRED' ? result.paymentUrl : null });
    setReads((n) => n + 1);
    onChanged?.();
  };

  return (
    <Dialog title={target.rmaNumber} closeLabel="Close" onClose={onClose} wide>
      {state.status === 'loading' ? (
        <Row role="status" $gap="sm">
          <Spinner /> Loading the details…
        </Row>
      ) : null}
      {decided ? (
        <Banner>
          {decidedText(decided.status)}{' '}
          {decided.feeUrl ? <a href={decided.feeUrl}>{PAY_RETURN_FEE}</a> : null}
        </Banner>
      ) : null}
      {state.status === 'failed' ? <Banner variant="error">{state.message}</Banner> : null}
      {state.status === 'ready' ? <state.Body details={state.details} onDecided={onDecided} /> : null}
    </Dialog>
  );
}
