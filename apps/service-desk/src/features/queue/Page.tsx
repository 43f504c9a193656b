import { useEffect, useState, type FormEvent } from 'react';
import styled from 'styled-components';
import { Link, useNavigate } from '@portal/router';
import { pathFor } from '@portal/routes';
import { Banner, Button, Loading, LoadFailed, PageTitle, Row, SelectField, Stack, Table, TextField, formatDate } from '@portal/ui';
import { DeskMenu } from '../../shared/DeskMenu';
import { statusLabel, warrantyLabel, warrantyTypes, workStatuses } from '../../shared/statuses';
import { ageText } from './age';
import { noFilters, useQueue, type QueueFilters } from './useQueue';

const Filters = styled.form`
  display: grid;
  grid-template-columns: repeat(auto-fit, minmax(${({ theme }) => theme.size.columnMin}, 1fr));
  align-items: end;
  gap: ${({ theme }) => theme.space.md};
`;

const Late = styled.strong`
  color: ${({ theme }) => theme.colors.error.fg};
`;

const statusOptions = workStatuses.map((value) => ({ value, label: statusLabel(value) }));
const warrantyOptions = warrantyTypes.map((value) => ({ value, label: warrantyLabel(value) }));

/**
 * Route service-desk (depot staff): the queue of every customer's RMAs the depot works on, oldest
 * first. The search box has the focus when the page opens, so a barcode scanner can type a serial
 * or an RMA number and Enter: one match opens that RMA's work page, several are listed.
 */
export function ServiceDeskQueuePage() {
  const navigate = useNavigate();
  const { state, reload, request, setRequest } = useQueue();
  const [filters, setFilters] = useState<QueueFilters>(noFilters);
  const set = (field: keyof QueueFilters) => (value: string) => setFilters((current) => ({ ...current, [field]: value }));
  // A scan is a first page's search: paging on through its matches opens none of them.
  const scanned = request.after ? '' : request.filters.q.trim();
  const items = state.kind === 'loaded' ? state.value.items : null;
  const [only] = items ?? [];

  // A search by serial or RMA number that finds exactly one RMA opens it: what a scan is for.
  useEffect(() => {
    if (scanned && items?.length === 1 && only) navigate(pathFor('service-desk-rma', { number: only.rmaNumber }));
  }, [scanned, items, only, navigate]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setRequest({ filters, after: '' });
  };
  const notice = scanned && items && items.length !== 1 ? (items.length === 0 ? `No RMA in the queue matches ${scanned}.` : `${items.length} RMAs match ${scanned}.`) : '';

  const now = new Date();
  return (
    <Stack $gap="lg">
      <PageTitle>Service desk</PageTitle>
      <DeskMenu />
      <Filters role="search" aria-label="Queue" onSubmit={submit}>
        <TextField
          label="Serial or RMA number"
          hint="Scan the unit's barcode or type, then Enter"
          autoFocus
          autoComplete="off"
          value={filters.q}
          onChange={(event) => set('q')(event.target.value)}
          error={state.kind === 'failed' ? state.fields.search : undefined}
        />
        <SelectField label="Status" options={statusOptions} placeholder="Any status" value={filters.status} onChange={set('status')} />
        <TextField label="Model" value={filters.model} onChange={(event) => set('model')(event.target.value)} />
        <SelectField label="Warranty type" options={warrantyOptions} placeholder="Any warranty" value={filters.warrantyType} onChange={set('warrantyType')} />
        <div>
          <Button type="submit">Search</Button>
        </div>
      </Filters>
      {notice ? <Banner>{notice}</Banner> : null}
      {state.kind === 'loading' ? <Loading>Loading the queue…</Loading> : null}
      {state.kind === 'failed' ? <LoadFailed message={state.message} onRetry={reload} /> : null}
      {state.kind === 'loaded' ? (
        <Stack>
          <Table>
            <caption>RMAs in the queue, oldest first</caption>
            <thead>
              <tr>
                <th scope="col">RMA</th>
                <th scope="col">Serial</th>
                <th scope="col">Model</th>
                <th scope="col">Status</th>
                <th scope="col">Age</th>
                <th scope="col">Promised date</th>
                <th scope="col">Promise</th>
              </tr>
            </thead>
            <tbody>
              {state.value.items.map((item) => (
                <tr key={item.rmaNumber}>
                  <th scope="row">
                    <Link to={pathFor('service-desk-rma', { number: item.rmaNumber })}>{item.rmaNumber}</Link>
                  </th>
                  <td>{item.serial}</td>
                  <td>{item.model}</td>
                  <td>{statusLabel(item.status)}</td>
                  <td>{ageText(item.ageSince, now)}</td>
                  <td>{item.promisedShipDate ? formatDate(item.promisedShipDate) : '—'}</td>
                  <td>{item.breached ? <Late>Late</Late> : 'On time'}</td>
                </tr>
              ))}
            </tbody>
          </Table>
          {state.value.items.length === 0 && !scanned ? <p>No RMA in the queue matches these filters.</p> : null}
          <Row>
            {request.after ? (
              <Button type="button" $variant="secondary" onClick={() => setRequest({ ...request, after: '' })}>
                First page
              </Button>
            ) : null}
            {state.value.next ? (
              <Button type="button" $variant="secondary" onClick={() => setRequest({ ...request, after: state.value.next })}>
                Next page
              </Button>
            ) : null}
          </Row>
        </Stack>
      ) : null}
    </Stack>
  );
}
