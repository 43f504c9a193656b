import { useEffect, useState } from 'react';
import styled from 'styled-components';
import { isAbortError, isApiError, type RepairSummary } from '@portal/api-client';
import { useApi } from '@portal/auth';
import { Banner, Button, FactList, Spinner, Row, saveBlob, formatDate, formatDateTime } from '@portal/ui';
import { statusText } from '../../../shared/statusText';

export const SUMMARY_FAILED = 'The repair summary could not be loaded. Please try again.';
export const PDF_FAILED = 'The PDF could not be downloaded. Please try again.';

const Section = styled.section`
  margin-top: ${({ theme }) => theme.space.lg};
  h3 {
    margin: 0 0 ${({ theme }) => theme.space.sm};
    font-size: ${({ theme }) => theme.font.size.lg};
  }
  h4 {
    margin: ${({ theme }) => theme.space.md} 0 ${({ theme }) => theme.space.xs};
  }
`;

type Loaded = { status: 'loading' } | { status: 'ready'; summary: RepairSummary } | { status: 'failed'; message: string };

/** GET repair-summary: what was received, what was done (parts, work, technician notes), shipped back; and its PDF. */
export function RepairSummaryView({ rmaNumber }: { rmaNumber: string }) {
  const api = useApi();
  const [state, setState] = useState<Loaded>({ status: 'loading' });
  const [pdf, setPdf] = useState<'idle' | 'loading' | 'failed'>('idle');

  useEffect(() => {
    const controller = new AbortController();
    api.account.repairSummary(rmaNumber, { signal: controller.signal }).then(
      (summary) => setState({ status: 'ready', summary }),
      (error: unknown) => {
        if (controller.signal.aborted || isAbortError(error)) return;
        setState({ status: 'failed', message: isApiError(error) && error.status === 404 ? error.message : SUMMARY_FAILED });
      },
    );
    return () => controller.abort();
  }, [api, rmaNumber]);

  const downloadPdf = async () => {
    setPdf('loading');
    try {
      saveBlob(await api.account.repairSummaryPdf(rmaNumber), `repair-summary-${rmaNumber}.pdf`);
      setPdf('idle');
    } catch {
      setPdf('failed');
    }
  };

  return (
    <Section aria-label="Repair Summary">
      <h3>Repair Summary</h3>
      {state.status === 'loading' ? (
        <Row role="status" $gap="sm">
          <Spinner /> Loading the repair summary…
        </Row>
      ) : null}
      {state.status === 'failed' ? <Banner variant="error">{state.message}</Banner> : null}
      {state.status === 'ready' ? (
        <>
          <FactList>
            <dt>Unit</dt>
            <dd>
              {state.summary.serial} ({state.summary.model})
            </dd>
            <dt>Fault</dt>
            <dd>
              {state.summary.primaryFault}: {state.summary.problem}
            </dd>
            <dt>Status</dt>
            <dd>{statusText(state.summary.status)}</dd>
            <dt>Received</dt>
            <dd>{formatDate(state.summary.receivedAt) || 'Not yet'}</dd>
            <dt>Shipped back</dt>
            <dd>{formatDate(state.summary.shippedAt) || 'Not yet'}</dd>
            {state.summary.returnTrackingNumber ? (
              <>
                <dt>Return tracking number</dt>
                <dd>{state.summary.returnTrackingNumber}</dd>
              </>
            ) : null}
          </FactList>
          {state.summary.work.length === 0 ? <p>No repair work has been recorded yet.</p> : null}
          {state.summary.work.map((work, index) => (
            <div key={`${work.at}-${index}`}>
              <h4>
                <time dateTime={work.at}>{formatDateTime(work.at)}</time> · {statusText(work.status)}
              </h4>
              <FactList>
                <dt>Parts replaced</dt>
                <dd>{work.partsReplaced || 'None'}</dd>
                <dt>Work performed</dt>
                <dd>{work.workPerformed || 'None'}</dd>
                <dt>Technician notes</dt>
                <dd>{work.technicianNotes || 'None'}</dd>
              </FactList>
            </div>
          ))}
          <Row $gap="sm">
            <Button type="button" $variant="secondary" onClick={() => void downloadPdf()} disabled={pdf === 'loading'}>
              Download PDF
            </Button>
            {pdf === 'failed' ? <Banner variant="error">{PDF_FAILED}</Banner> : null}
          </Row>
        </>
      ) : null}
    </Section>
  );
}
