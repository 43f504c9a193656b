import { act, render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import type { ApiClient, CommonReportRow } from '@portal/api-client';
import { SessionProvider, type Session } from '@portal/auth';
import { PortalThemeProvider } from '@portal/ui';
import { fakeSession } from '../../test/fakeSession';
import { RootLayout } from './RootLayout';

function setup(rows: CommonReportRow[] | Error) {
  const queryCommonReport = jest.fn(async () => {
    if (rows instanceof Error) throw rows;
    return rows;
  });
  const fake = fakeSession({ status: 'signed-out' });
  const session = { ...fake.session, api: { reports: { queryCommonReport } } as unknown as ApiClient } as unknown as Session;
  const router = createMemoryRouter(
    [{ path: '/', element: <RootLayout nav={[]} />, children: [{ index: true, element: <p>home</p> }, { path: 'other', element: <p>other</p> }] }],
    { initialEntries: ['/'] },
  );
  render(
    <PortalThemeProvider>
      <SessionProvider session={session}>
        <RouterProvider router={router} />
      </SessionProvider>
    </PortalThemeProvider>,
  );
  return { queryCommonReport, router };
}

describe('info banner', () => {
  afterEach(() => jest.useRealTimers());

  it('shows the first row with isWarning or isPaused, signed out too', async () => {
    const { queryCommonReport } = setup([
      { message: 'quiet', isWarning: false, isPaused: false },
      { message: 'Repairs are paused until Monday.', isWarning: false, isPaused: true },
      { message: 'later', isWarning: true, isPaused: false },
    ]);

    expect(await screen.findByText('Repairs are paused until Monday.')).toBeInTheDocument();
    expect(queryCommonReport).toHaveBeenCalledWith('QUERY_RMA_WARNING', expect.anything());
  });

  it('shows nothing when no row warns or the query fails', async () => {
    setup(new Error('down'));
    await act(async () => undefined);
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
  });

  it('refreshes on navigation at most once a minute', async () => {
    jest.useFakeTimers({ now: 1_000_000 });
    const { queryCommonReport, router } = setup([{ message: 'Warn', isWarning: true, isPaused: false }]);
    await act(async () => undefined);
    expect(queryCommonReport).toHaveBeenCalledTimes(1);

    await act(async () => {
      await router.navigate('/other');
    });
    expect(queryCommonReport).toHaveBeenCalledTimes(1);

    jest.setSystemTime(1_000_000 + 60_000);
    await act(async () => {
      await router.navigate('/');
    });
    expect(queryCommonReport).toHaveBeenCalledTimes(2);
  });
});
