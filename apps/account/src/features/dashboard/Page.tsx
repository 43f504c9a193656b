import { useState } from 'react';
import styled from 'styled-components';
import { Banner, Card, PageTitle, Stack, LoadFailed, Loading, formatMoney } from '@portal/ui';
import { statusText } from '../../shared/statusText';
import { DashboardCharts } from './components/DashboardCharts';
import { useDashboardStream, useDashboardSummary } from './useDashboard';
import { AccountNav } from '../../shared/AccountNav';
import { useDebouncedValue } from '../../shared/useDebouncedValue';

/**
 * How long the figures wait after the last status change before they are fetched again: a staff
 * member advancing a batch of an organization's RMAs sends every open dashboard a burst of events,
 * which should cost one summary each, not one per event.
 */
export const REFETCH_AFTER_CHANGES_MS = 1000;

const Figures = styled.div`
  display: grid;
  grid-template-columns: repeat(auto-fit, minmax(${({ theme }) => theme.size.unitImage}, 1fr));
  gap: ${({ theme }) => theme.space.md};
`;

const Figure = styled.p`
  margin: 0;
  font-size: ${({ theme }) => theme.font.size.xxl};
  font-weight: ${({ theme }) => theme.font.weight.bold};
`;

function FigureCard({ title, value }: { title: string; value: string }) {
  return (
    <Card aria-label={title}>
      <Stack $gap="xs">
        <span>{title}</span>
        <Figure>{value}</Figure>
      </Stack>
    </Card>
  );
}

/**
 * Route your-account/dashboard: the customer's (and organization's) service at a glance, kept up
 * to date by the dashboard's event stream: a status change refetches the figures and says so.
 */
export function DashboardPage() {
  const [changes, setChanges] = useState(0);
  const [retries, setRetries] = useState(0);
  const [notice, setNotice] = useState('');
  // Both counters only grow, so their sum changes whenever either does.
  const state = useDashboardSummary(useDebouncedValue(changes, REFETCH_AFTER_CHANGES_MS) + retries);

  useDashboardStream(
    (event) => {
      setNotice(`${event.rmaNumber} is now ${statusText(event.status)}`);
      setChanges((n) => n + 1);
    },
    () => setChanges((n) => n + 1),
  );

  return (
    <Stack $gap="lg">
      <AccountNav />
      <div>
        <PageTitle>Dashboard</PageTitle>
        {/* Kept in place so the notice of each status change is announced (the banner is a polite status). */}
        <div aria-live="polite">{notice ? <Banner>{notice}</Banner> : null}</div>
      </div>
      {state.status === 'loading' ? <Loading>Loading your dashboard…</Loading> : null}
      {state.status === 'failed' ? <LoadFailed message={state.message} onRetry={() => setRetries((n) => n + 1)} /> : null}
      {state.status === 'ready' ? (
        <>
          <Figures>
            <FigureCard title="Open RMAs" value={String(state.summary.openRmas)} />
            <FigureCard
              title="Average turnaround"
              value={state.summary.turnaround.closed > 0 ? `${state.summary.turnaround.averageDays.toFixed(1)} days` : '—'}
            />
            <FigureCard title="Total spend" value={formatMoney(state.summary.spend.total)} />
          </Figures>
          <DashboardCharts summary={state.summary} />
        </>
      ) : null}
    </Stack>
  );
}
