import { useCallback, useId, useState, type Dispatch } from 'react';
import styled from 'styled-components';
import { Banner, Button, FactList, Loading, MutedText, Row, Stack, formatMoney } from '@portal/ui';
import { COPY } from '../copy';
import { preflightBlock, type BatchEvent, type CheckState, type RowsSummary } from '../model/machine';
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
  dispatch: Dispatch<BatchEvent>;
  onCheck: () => void;
  onBack: () => void;
  onContinue: () => void;
}

/**
 * Step 2: the pre-flight. Rows are fixed in place (edit, remove) and checked again; the step goes
 * on only when every row, as it stands, passes: nothing is submitted while a row fails.
 */
export function PreflightStep({ rows, summary, check, dispatch, onCheck, onBack, onContinue }: PreflightStepProps) {
  const [editing, setEditing] = useState<number | null>(null);
  const blockId = useId();
  const block = preflightBlock(summary);
  const onChange = useCallback((key: number, values: RowValues) => dispatch({ type: 'edit', key, values }), [dispatch]);
  const onRemove = useCallback(
    (key: number) => {
      setEditing((current) => (current === key ? null : current));
      dispatch({ type: 'remove', key });
    },
    [dispatch],
  );
  const blocked = block !== null || editing !== null || check.checking;

  return (
    <Stack $gap="lg">
      <SummaryFacts summary={summary} />
      {check.error ? <Banner variant="error">{check.error}</Banner> : null}
      {summary.failed > 0 || summary.checked < summary.rows ? <FillEmpty onFill={(values) => dispatch({ type: 'fillEmpty', values })} /> : null}
      <PreflightTable rows={rows} editing={editing} onEdit={setEditing} onChange={onChange} onRemove={onRemove} />
      <Row>
        <Button
          $variant="secondary"
          aria-disabled={check.checking || rows.length === 0 || undefined}
          aria-busy={check.checking || undefined}
          onClick={() => {
            if (check.checking || rows.length === 0) return;
            setEditing(null);
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
