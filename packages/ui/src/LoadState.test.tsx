import { fireEvent, render, screen } from '@testing-library/react';
import { PortalThemeProvider } from './ThemeProvider';
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

  it('shows the failure and reads again with the retry button, without submitting the form it is in', () => {
    const onRetry = jest.fn();
    const onSubmit = jest.fn((event: { preventDefault: () => void }) => event.preventDefault());
    render(
      <PortalThemeProvider>
        <form onSubmit={onSubmit}>
          <LoadFailed message="Your RMAs could not be loaded." onRetry={onRetry} retryLabel="Load again" />
        </form>
      </PortalThemeProvider>,
    );
    expect(screen.getByRole('alert')).toHaveTextContent('Your RMAs could not be loaded.');
    fireEvent.click(screen.getByRole('button', { name: 'Load again' }));
    expect(onRetry).toHaveBeenCalledTimes(1);
    expect(onSubmit).not.toHaveBeenCalled();
  });
});
