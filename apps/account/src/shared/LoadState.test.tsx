import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { PortalThemeProvider } from '@portal/ui';
import { LoadFailed, Loading } from './LoadState';

describe('LoadState', () => {
  it('announces what is loading', () => {
    render(
      <PortalThemeProvider>
        <Loading>Loading your RMAs…</Loading>
      </PortalThemeProvider>,
    );
    expect(screen.getByRole('status')).toHaveTextContent('Loading your RMAs…');
  });

  it('shows the failure and reads again with the retry button', async () => {
    const onRetry = jest.fn();
    render(
      <PortalThemeProvider>
        <LoadFailed message="Your RMAs could not be loaded." onRetry={onRetry} retryLabel="Load again" />
      </PortalThemeProvider>,
    );
    expect(screen.getByRole('alert')).toHaveTextContent('Your RMAs could not be loaded.');
    await userEvent.setup().click(screen.getByRole('button', { name: 'Load again' }));
    expect(onRetry).toHaveBeenCalledTimes(1);
  });
});
