import type { ReactNode } from 'react';
import { Button, Card, CardTitle, Loading, LoadFailed, MutedText, PageTitle, Row, Stack, Table, formatDate, formatDateTime } from '@portal/ui';
import { DeskMenu } from '../../shared/DeskMenu';
import { statusLabel, warrantyLabel } from '../../shared/statuses';
import type { Read } from '../../shared/useRead';
import { useAudit, useBacklog, useFlags, useTurnaround } from './useLeadData';

const flagKinds: Record<string, string> = {
  SERIAL_MISMATCH: 'Serial mismatch',
  UNIT_WITHOUT_RMA: 'Unit without RMA',
};

function Section<T>({ id, title, state, retry, children }: { id: string; title: string; state: Read<T>; retry: () => void; children: (value: T) => ReactNode }) {
  return (
    <Card aria-labelledby={id}>
      <CardTitle id={id}>{title}</CardTitle>
      {state.kind === 'loading' ? <Loading>Loading…</Loading> : null}
      {state.kind === 'failed' ? <LoadFailed message={state.message} onRetry={retry} /> : null}
      {state.kind === 'loaded' ? children(state.value) : null}
    </Card>
  );
}

/** Days with the one decimal the server rounds to. */
const days = (value: number) => `${value.toFixed(1)} d`;

/**
 * Route service-desk-lead (depot lead): the backlog per status, the turnaround (p50/p90 days
 * from receipt to shipment back) per model and warranty type, the units flagged instead of
 * received, and the audit of every staff action.
 */
export function ServiceDeskLeadPage() {
  const backlog = useBacklog();
  const flags = useFlags();
  const audit = useAudit();
  const turnaround = useTurnaround();

  return (
    <Stack $gap="lg">
      <PageTitle>Lead overview</PageTitle>
      <DeskMenu />
      <Section id="lead-backlog" title="Backlog" state={backlog.state} retry={backlog.reload}>
        {(statuses) =>
          statuses.length === 0 ? (
            <MutedText>No RMA is waiting on the depot.</MutedText>
          ) : (
            <Table aria-labelledby="lead-backlog">
              <thead>
                <tr>
                  <th scope="col">Status</th>
                  <th scope="col">RMAs</th>
                  <th scope="col">Oldest since</th>
                  <th scope="col">Past promised date</th>
                </tr>
              </thead>
              <tbody>
                {statuses.map((row) => (
                  <tr key={row.status}>
                    <th scope="row">{statusLabel(row.status)}</th>
                    <td>{row.count}</td>
                    <td>{formatDate(row.oldestCreatedAt)}</td>
                    <td>{row.breached}</td>
                  </tr>
                ))}
              </tbody>
            </Table>
          )
        }
      </Section>
      <Section id="lead-turnaround" title="Turnaround" state={turnaround.state} retry={turnaround.reload}>
        {(report) => (
          <Stack $gap="sm">
            <MutedText>
              Receipt to shipment back, repairs shipped since {formatDate(report.since)}: {report.overall.count} in all, p50 {days(report.overall.p50Days)}, p90{' '}
              {days(report.overall.p90Days)}.
            </MutedText>
            {report.rows.length > 0 ? (
              <Table aria-labelledby="lead-turnaround">
                <thead>
                  <tr>
                    <th scope="col">Model</th>
                    <th scope="col">Warranty type</th>
                    <th scope="col">Repairs</th>
                    <th scope="col">p50</th>
                    <th scope="col">p90</th>
                  </tr>
                </thead>
                <tbody>
                  {report.rows.map((row) => (
                    <tr key={`${row.model}-${row.warrantyType}`}>
                      <th scope="row">{row.model}</th>
                      <td>{warrantyLabel(row.warrantyType ?? '')}</td>
                      <td>{row.count}</td>
                      <td>{days(row.p50Days)}</td>
                      <td>{days(row.p90Days)}</td>
                    </tr>
                  ))}
                </tbody>
              </Table>
            ) : null}
          </Stack>
        )}
      </Section>
      <Section id="lead-flags" title="Flagged units" state={flags.state} retry={flags.reload}>
        {(items) =>
          items.length === 0 ? (
            <MutedText>No unit is flagged.</MutedText>
          ) : (
            <Table aria-labelledby="lead-flags">
              <thead>
                <tr>
                  <th scope="col">When</th>
                  <th scope="col">Flag</th>
                  <th scope="col">RMA</th>
                  <th scope="col">Serial scanned</th>
                  <th scope="col">Serial expected</th>
                  <th scope="col">Detail</th>
                  <th scope="col">By</th>
                </tr>
              </thead>
              <tbody>
                {items.map((flag, index) => (
                  <tr key={`${flag.at}-${index}`}>
                    <td>{formatDateTime(flag.at)}</td>
                    <td>{flagKinds[flag.kind] ?? flag.kind}</td>
                    <td>{flag.rmaNumber}</td>
                    <td>{flag.serial}</td>
                    <td>{flag.expectedSerial || '—'}</td>
                    <td>{flag.detail || '—'}</td>
                    <td>{flag.actor}</td>
                  </tr>
                ))}
              </tbody>
            </Table>
          )
        }
      </Section>
      <Section id="lead-audit" title="Audit" state={audit.state} retry={audit.reload}>
        {(page) => (
          <Stack>
            {page.items.length === 0 ? <MutedText>No staff action is recorded yet.</MutedText> : null}
            {page.items.length > 0 ? (
              <Table aria-labelledby="lead-audit">
                <thead>
                  <tr>
                    <th scope="col">When</th>
                    <th scope="col">Who</th>
                    <th scope="col">Action</th>
                    <th scope="col">RMA or order</th>
                    <th scope="col">From</th>
                    <th scope="col">To</th>
                    <th scope="col">Detail</th>
                  </tr>
                </thead>
                <tbody>
                  {page.items.map((entry) => (
                    <tr key={entry.id}>
                      <td>{formatDateTime(entry.at)}</td>
                      <td>{entry.actorEmail || entry.actor}</td>
                      <td>{entry.action}</td>
                      <td>{entry.rmaNumber || entry.orderNumber}</td>
                      <td>{entry.from ? statusLabel(entry.from) : '—'}</td>
                      <td>{entry.to ? statusLabel(entry.to) : '—'}</td>
                      <td>{entry.detail}</td>
                    </tr>
                  ))}
                </tbody>
              </Table>
            ) : null}
            <Row>
              {page.after ? (
                <Button type="button" $variant="secondary" onClick={() => audit.setAfter('')}>
                  Newest
                </Button>
              ) : null}
              {page.next ? (
                <Button type="button" $variant="secondary" onClick={() => audit.setAfter(page.next)}>
                  Next page
                </Button>
              ) : null}
            </Row>
          </Stack>
        )}
      </Section>
    </Stack>
  );
}
