import { useCallback, useId, useMemo, type Dispatch } from 'react';
import styled from 'styled-components';
import { Banner, Button, FactList, Loading, MutedText, Row, Stack, formatMoney } from '@portal/ui';
import { COPY } from '../copy';
import { commonFaults, useFaultOptions } from '../hooks/useFaultOptions';
import { preflightBlock, type BatchEvent, type CheckState, type RowDraft, type RowsSummary } from '../model/machine';
import type { PageRow, RowValues } from '../model/rows';
import { FillEmpty } from './FillEmpty';
import { PreflightTable } from './PreflightTable';

const Actions = styled(Row)`
  justify-content: space-between;
`;

export function SummaryFacts({ summary }: { summary: RowsSummary }) {
  return (
    <section aria-label={COPY.summaryCaption}>
      <FactList>
      <dt>Rows</dt>
      <dd>{summary.rows}</dd>
      <dt>Pass</dt>
      <dd>{summary.ok}</dd>
      <dt>Fail</dt>
      <dd>{summary.failed}</dd>
      <dt>In warranty</dt>
      <dd>{summary.inWarranty}</dd>
      <dt>Out of warranty</dt>
      <dd>{summary.outOfWarranty}</dd>
      {summary.override > 0 ? (
        <>
          <dt>Override</dt>
          <dd>{summary.override}</dd>
        </>
      ) : null}
      <dt>Total</dt>
      <dd>{formatMoney({ cents: summary.totalCents, currency: 'USD' })}</dd>
      </FactList>
    </section>
  );
}

export interface PreflightStepProps {
  rows: readonly PageRow[];
  summary: RowsSummary;
  check: CheckState;
  editing: RowDraft | null;
  dispatch: Dispatch<BatchEvent>;
  onCheck: () => void;
  onBack: () => void;
  onContinue: () => void;
}

/** The models the pre-flight found for the rows (whose faults and problems the cells offer). */
function modelsOf(rows: readonly PageRow[], only: (row: PageRow) => boolean = () => true): string[] {
  return [...new Set(rows.filter(only).flatMap((row) => (row.verdict?.model ? [row.verdict.model] : [])))];
}

const lacksRepair = (row: PageRow) => row.values.fault.trim() === '' || row.values.problem.trim() === '';

/**
 * Step 2: the pre-flight. Rows are fixed in place (edit, remove) and checked again; the step goes
 * on only when every row, as it stands, passes and none is being edited: nothing is submitted
 * while a row fails. An open row's typing is the page's draft: Check again checks it as typed.
 */
export function PreflightStep({ rows, summary, check, editing, dispatch, onCheck, onBack, onContinue }: PreflightStepProps) {
  const blockId = useId();
  const block = preflightBlock(summary, editing?.key ?? null);
  const models = useMemo(() => modelsOf(rows), [rows]);
  const faults = useFaultOptions(models);
  const fillModels = useMemo(() => modelsOf(rows, lacksRepair), [rows]);
  const onEdit = useCallback((key: number) => dispatch({ type: 'editStart', key }), [dispatch]);
  const onDraft = useCallback((values: RowValues) => dispatch({ type: 'editDraft', values }), [dispatch]);
  const onDone = useCallback(() => dispatch({ type: 'editDone' }), [dispatch]);
  const onCancel = useCallback(() => dispatch({ type: 'editCancel' }), [dispatch]);
  const onRemove = useCallback((key: number) => dispatch({ type: 'remove', key }), [dispatch]);
  const blocked = block !== null || check.checking;

  return (
    <Stack $gap="lg">
      <SummaryFacts summary={summary} />
      {check.error ? <Banner variant="error">{check.error}</Banner> : null}
      {summary.failed > 0 || summary.checked < summary.rows ? (
        <FillEmpty
          faults={fillModels.length > 0 ? commonFaults(faults, fillModels) : null}
          models={fillModels}
          onFill={(values) => dispatch({ type: 'fillEmpty', values })}
        />
      ) : null}
      <PreflightTable
        rows={rows}
        editing={editing}
        faults={faults}
        onEdit={onEdit}
        onDraft={onDraft}
        onDone={onDone}
        onCancel={onCancel}
        onRemove={onRemove}
      />
      <Row>
        <Button
          $variant="secondary"
          aria-disabled={check.checking || rows.length === 0 || undefined}
          aria-busy={check.checking || undefined}
          onClick={() => {
            if (check.checking || rows.length === 0) return;
            onCheck();
          }}
        >
          {COPY.checkAgain}
        </Button>
        {check.checking ? <Loading>{COPY.checking}</Loading> : null}
      </Row>
      <Actions>
        <Button $variant="secondary" onClick={onBack}>
          {COPY.addMore}
        </Button>
        <Row>
          <MutedText id={blockId} role="status">
            {block ?? COPY.allPass}
          </MutedText>
          <Button
            aria-disabled={blocked || undefined}
            aria-describedby={blockId}
            onClick={() => {
              if (!blocked) onContinue();
            }}
          >
            Continue
          </Button>
        </Row>
      </Actions>
    </Stack>
  );
}
