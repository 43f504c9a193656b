import { useState } from 'react';
import styled from 'styled-components';
import type { DepotRma, DiagnosedRma } from '@portal/api-client';
import { useParams } from '@portal/router';
import { Banner, Loading, LoadFailed, MutedText, PageTitle, Stack, formatUsdString } from '@portal/ui';
import { DeskMenu } from '../../shared/DeskMenu';
import { DiagnoseForm } from './components/DiagnoseForm';
import { Facts } from './components/Facts';
import { ReceiveForm } from './components/ReceiveForm';
import { DiagnosisRecord, ReceiptRecord, RepairRecord } from './components/Records';
import { RepairForm } from './components/RepairForm';
import { ShippedRecord } from './components/ShippedRecord';
import { ShipPanel } from './components/ShipPanel';
import { Timeline } from './components/Timeline';
import { useRma } from './useRma';

const Columns = styled.div`
  display: grid;
  grid-template-columns: repeat(auto-fit, minmax(${({ theme }) => theme.size.columnMin}, 1fr));
  gap: ${({ theme }) => theme.space.lg};
  align-items: start;
`;

function outcomeText(result: DiagnosedRma): string {
  if (result.outcome === 'COVERED') return 'Diagnosis recorded: the work is covered. Record the repair when it is done.';
  const amount = result.amountDue ? formatUsdString(result.amountDue) : '';
  return `Diagnosis recorded: a revised quote${amount ? ` of ${amount}` : ''} went to the customer. The RMA waits for their decision.`;
}

/** The one step staff can take next, from the moves the API allows. */
function NextStep({ rma, onDone, onDiagnosed }: { rma: DepotRma; onDone: () => void; onDiagnosed: (result: DiagnosedRma) => void }) {
  if (rma.moves.includes('receive')) return <ReceiveForm rma={rma} onDone={onDone} />;
  if (rma.moves.includes('diagnose')) return <DiagnoseForm rma={rma} onDone={onDiagnosed} />;
  if (rma.moves.includes('repair')) return <RepairForm rma={rma} onDone={onDone} />;
  if (rma.moves.includes('ship')) return <ShipPanel rma={rma} onDone={onDone} />;
  return null;
}

/**
 * Route service-desk-rma (depot staff): one RMA's work page. Its facts and promised date, what was
 * recorded so far (receipt, diagnosis, repair, shipment), the timeline, and the form of the step
 * staff can take next; each step reads the RMA again, so the page shows what the server holds.
 */
export function ServiceDeskRmaPage() {
  const { number = '' } = useParams();
  const { state, reload } = useRma(number);
  const [diagnosed, setDiagnosed] = useState<DiagnosedRma | null>(null);

  return (
    <Stack $gap="lg">
      <PageTitle>{number}</PageTitle>
      <DeskMenu />
      {state.kind === 'loading' ? <Loading>Loading {number}…</Loading> : null}
      {state.kind === 'failed' && state.status === 404 ? <Banner variant="error">{state.message}</Banner> : null}
      {state.kind === 'failed' && state.status !== 404 ? <LoadFailed message={state.message} onRetry={reload} /> : null}
      {state.kind === 'loaded' ? (
        <>
          {diagnosed?.rmaNumber === state.value.rmaNumber ? <Banner>{outcomeText(diagnosed)}</Banner> : null}
          <Columns>
            <Stack $gap="lg">
              <NextStep
                key={state.value.status}
                rma={state.value}
                onDone={reload}
                onDiagnosed={(result) => {
                  setDiagnosed(result);
                  reload();
                }}
              />
              {state.value.moves.length === 0 && !state.value.returnTrackingNumber ? (
                <MutedText>Nothing for the depot to do on this RMA now.</MutedText>
              ) : null}
              {state.value.returnTrackingNumber ? <ShippedRecord rma={state.value} /> : null}
              {state.value.repair ? <RepairRecord repair={state.value.repair} /> : null}
              {state.value.diagnosis ? <DiagnosisRecord diagnosis={state.value.diagnosis} /> : null}
              {state.value.receipt ? <ReceiptRecord receipt={state.value.receipt} /> : null}
            </Stack>
            <Stack $gap="lg">
              <Facts rma={state.value} />
              <Timeline events={state.value.timeline} />
            </Stack>
          </Columns>
        </>
      ) : null}
    </Stack>
  );
}
