import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ApiError, type DashboardStreamOptions, type DashboardSummary } from '@portal/api-client';
import { renderRoute, sessionWith } from '@portal/forms/testing';
import { DashboardPage, REFETCH_AFTER_CHANGES_MS } from './Page';
import { DASHBOARD_FAILED } from './useDashboard';

/** Lets the refetch's debounce run out on the fake clock. */
async function waitOutTheDebounce(ms = REFETCH_AFTER_CHANGES_MS) {
  await act(async () => {
    jest.advanceTimersByTime(ms);
  });
}

// The figures are fetched again a while after the last status change: fake timers move past that
// debounce instead of waiting for it.
beforeEach(() => jest.useFakeTimers());
afterEach(() => jest.useRealTimers());

// jsdom has no canvas: the charts stand in as named images carrying their data, which is what the
// page hands to chart.js.
jest.mock('react-chartjs-2', () => {
  const chart =
    (type: string) =>
    ({ data, ...props }: { data: { labels: string[]; datasets: { label: string; data: number[] }[] }; 'aria-label': string }) => (
      <canvas role="img" aria-label={props['aria-label']} data-type={type} data-chart={JSON.stringify(data)} />
    );
  return { Bar: chart('bar'), Doughnut: chart('doughnut'), Line: chart('line') };
});

const summary = (overrides: Partial<DashboardSummary> = {}): DashboardSummary => ({
  rmasByStatus: [
    { status: 'AWAITING_UNIT', count: 3 },
    { status: 'REPAIRING', count: 2 },
    { status: 'CLOSED', count: 7 },
  ],
  rmasByMonth: [
    { month: '2026-02', repair: 4, recycle: 1 },
    { month: '2026-03', repair: 2, recycle: 0 },
  ],
  turnaround: { closed: 7, averageDays: 6.5, medianDays: 6, byMonth: [{ month: '2026-03', averageDays: 6.5 }] },
  unitsByWarranty: { inWarranty: 4, outOfWarranty: 2, endOfService: 1 },
  spend: { total: { cents: 41400, currency: 'USD' }, byMonth: [{ month: '2026-03', amount: { cents: 41400, currency: 'USD' } }] },
  openRmas: 5,
  ...overrides,
});

function setup(dashboard: jest.Mock = jest.fn(async () => summary())) {
  let stream: DashboardStreamOptions | null = null;
  const clientIds: string[] = [];
  const followDashboard = jest.fn((clientId: string, options: DashboardStreamOptions) => {
    clientIds.push(clientId);
    stream = options;
    return new Promise<void>((resolve) => options.signal.addEventListener('abort', () => resolve()));
  });
  const view = renderRoute(<DashboardPage />, {
    path: '/your-account/dashboard',
    url: '/your-account/dashboard',
    session: sessionWith({ account: { dashboard, followDashboard } } as never),
  });
  const current = () => {
    if (!stream) throw new Error('the page did not open the stream');
    return stream;
  };
  return { dashboard, followDashboard, clientIds, current, user: userEvent.setup({ advanceTimers: jest.advanceTimersByTime }), ...view };
}

const figureTable = (title: string) => screen.getByRole('table', { name: `${title} (table)` });

describe('dashboard', () => {
  it('shows the figure cards and five named charts with their figures as tables', async () => {
    setup();

    expect(screen.getByRole('status')).toHaveTextContent('Loading your dashboard…');
    expect(await screen.findByRole('region', { name: 'Open RMAs' })).toHaveTextContent('5');
    expect(screen.getByRole('region', { name: 'Average turnaround' })).toHaveTextContent('6.5 days');
    expect(screen.getByRole('region', { name: 'Total spend' })).toHaveTextContent('$414.00');

    for (const name of ['RMAs by status', 'RMAs by month', 'Turnaround time', 'Units by warranty state', 'Spend by month']) {
      expect(screen.getByRole('img', { name })).toBeInTheDocument();
      expect(screen.getByRole('figure', { name })).toBeInTheDocument();
    }
    expect(within(figureTable('RMAs by status')).getByRole('row', { name: 'Repairing 2' })).toBeInTheDocument();
    expect(within(figureTable('RMAs by month')).getByRole('row', { name: 'Feb 2026 4 1' })).toBeInTheDocument();
    expect(within(figureTable('Turnaround time')).getByRole('row', { name: 'Mar 2026 6.5 days' })).toBeInTheDocument();
    expect(within(figureTable('Units by warranty state')).getByRole('row', { name: 'End of service 1' })).toBeInTheDocument();
    expect(within(figureTable('Spend by month')).getByRole('row', { name: 'Mar 2026 $414.00' })).toBeInTheDocument();
    const byMonth = JSON.parse(screen.getByRole('img', { name: 'RMAs by month' }).getAttribute('data-chart') ?? '{}');
    expect(byMonth.datasets.map((d: { label: string; data: number[] }) => [d.label, d.data])).toEqual([
      ['Repair', [4, 2]],
      ['Recycle', [1, 0]],
    ]);
  });

  it('says so when there is nothing to chart yet', async () => {
    setup(
      jest.fn(async () =>
        summary({
          rmasByStatus: [],
          rmasByMonth: [],
          turnaround: { closed: 0, averageDays: 0, medianDays: 0, byMonth: [] },
          unitsByWarranty: { inWarranty: 0, outOfWarranty: 0, endOfService: 0 },
          spend: { total: { cents: 0, currency: 'USD' }, byMonth: [{ month: '2026-03', amount: { cents: 0, currency: 'USD' } }] },
          openRmas: 0,
        }),
      ),
    );

    expect(await screen.findByText('No RMAs yet.')).toBeInTheDocument();
    expect(screen.getByText('No RMA has been closed yet.')).toBeInTheDocument();
    expect(screen.getByText('No units yet.')).toBeInTheDocument();
    expect(screen.getByText('Nothing spent in the last 24 months.')).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Average turnaround' })).toHaveTextContent('—');
    expect(screen.queryByRole('img', { name: 'RMAs by status' })).not.toBeInTheDocument();
  });

  it('shows a failure and loads again on request', async () => {
    const dashboard = jest
      .fn()
      .mockRejectedValueOnce(new ApiError(500, { error: 'internal', message: 'boom' }))
      .mockResolvedValue(summary());
    const { user } = setup(dashboard);

    expect(await screen.findByRole('alert')).toHaveTextContent(DASHBOARD_FAILED);
    await user.click(screen.getByRole('button', { name: 'Try again' }));

    expect(await screen.findByRole('region', { name: 'Open RMAs' })).toHaveTextContent('5');
  });

  it('shows a status change from the stream without a reload', async () => {
    const dashboard = jest
      .fn()
      .mockResolvedValueOnce(summary())
      .mockResolvedValue(
        summary({
          rmasByStatus: [
            { status: 'AWAITING_UNIT', count: 2 },
            { status: 'REPAIRING', count: 2 },
            { status: 'CLOSED', count: 8 },
          ],
          openRmas: 4,
        }),
      );
    const { current, clientIds, followDashboard } = setup(dashboard);
    await screen.findByRole('region', { name: 'Open RMAs' });
    expect(followDashboard).toHaveBeenCalledTimes(1);
    expect(clientIds[0]).toMatch(/.{8,}/);

    act(() => current().onStatus({ rmaNumber: 'RMA-100501', uid: 'u1', status: 'CLOSED', at: '2026-03-09T10:00:00Z' }));

    expect(await screen.findByText('RMA-100501 is now Closed')).toBeInTheDocument();
    await waitOutTheDebounce();
    await waitFor(() => expect(screen.getByRole('region', { name: 'Open RMAs' })).toHaveTextContent('4'));
    expect(within(figureTable('RMAs by status')).getByRole('row', { name: 'Closed 8' })).toBeInTheDocument();
    expect(dashboard).toHaveBeenCalledTimes(2);
    // The stream stays the one it was: a new figure does not resubscribe.
    expect(followDashboard).toHaveBeenCalledTimes(1);
  });

  it('reloads the figures after the stream reconnects, since events may have been missed', async () => {
    const { current, dashboard } = setup();
    await screen.findByRole('region', { name: 'Open RMAs' });

    act(() => current().onOpen?.(false));
    expect(dashboard).toHaveBeenCalledTimes(1);
    act(() => current().onOpen?.(true));
    await waitOutTheDebounce();

    await waitFor(() => expect(dashboard).toHaveBeenCalledTimes(2));
  });

  it('fetches the figures once for a burst of status changes', async () => {
    const { current, dashboard } = setup();
    await screen.findByRole('region', { name: 'Open RMAs' });

    for (const rmaNumber of ['RMA-100501', 'RMA-100502', 'RMA-100503']) {
      act(() => current().onStatus({ rmaNumber, uid: rmaNumber, status: 'RECEIVED', at: '2026-03-09T10:00:00Z' }));
    }

    expect(await screen.findByText('RMA-100503 is now Received')).toBeInTheDocument();
    await waitOutTheDebounce(REFETCH_AFTER_CHANGES_MS - 1);
    expect(dashboard).toHaveBeenCalledTimes(1);
    await waitOutTheDebounce(1);
    await waitFor(() => expect(dashboard).toHaveBeenCalledTimes(2));
    await waitOutTheDebounce();
    expect(dashboard).toHaveBeenCalledTimes(2);
  });

  it('closes the stream when the page goes', async () => {
    const { current, unmount } = setup();
    await screen.findByRole('region', { name: 'Open RMAs' });
    const { signal } = current();

    unmount();

    expect(signal.aborted).toBe(true);
  });
});
