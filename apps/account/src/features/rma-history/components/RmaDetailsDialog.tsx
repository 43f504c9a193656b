import { useEffect, useState, type ComponentType } from 'react';
import { isAbortError, isApiError, type RmaDetails, type RmaHistoryItem } from '@portal/api-client';
import { useApi } from '@portal/auth';
import { Banner, Dialog, Row, Spinner } from '@portal/ui';

export const DETAILS_FAILED = 'The details of this RMA could not be loaded. Please try again.';

type Body = ComponentType<{ details: RmaDetails }>;

type Loaded = { status: 'loading' } | { status: 'ready'; details: RmaDetails; Body: Body } | { status: 'failed'; message: string };

const loadBody = (): Promise<Body> => import('./RmaDetailsBody').then((module) => module.RmaDetailsBody);

/**
 * The details window of one history row: GET details?uid=, then the repair summary on request.
 * The body's code comes with the details, in parallel; either failing shows the window's error.
 */
export function RmaDetailsDialog({ item, onClose }: { item: RmaHistoryItem; onClose: () => void }) {
  const api = useApi();
  const [state, setState] = useState<Loaded>({ status: 'loading' });

  useEffect(() => {
    const controller = new AbortController();
    Promise.all([api.account.details(item.uid, { signal: controller.signal }), loadBody()]).then(
      ([details, Body]) => setState({ status: 'ready', details, Body }),
      (error: unknown) => {
        if (controller.signal.aborted || isAbortError(error)) return;
        setState({ status: 'failed', message: isApiError(error) && error.status === 404 ? error.message : DETAILS_FAILED });
      },
    );
    return () => controller.abort();
  }, [api, item.uid]);

  return (
    <Dialog title={item.rmaNumber} closeLabel="Close" onClose={onClose} wide>
      {state.status === 'loading' ? (
        <Row role="status" $gap="sm">
          <Spinner /> Loading the details…
        </Row>
      ) : null}
      {state.status === 'failed' ? <Banner variant="error">{state.message}</Banner> : null}
      {state.status === 'ready' ? <state.Body details={state.details} /> : null}
    </Dialog>
  );
}
