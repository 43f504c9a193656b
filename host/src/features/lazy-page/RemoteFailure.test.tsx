import { act, render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { PortalThemeProvider } from '@portal/ui';
import { RemoteOriginError } from '../../remote-origins';
import { LazyPage, type PageLoader } from './LazyPage';
import { PageErrorBoundary } from './PageErrorBoundary';
import type { PortalPart } from './RemoteFailure';

const parts: PortalPart = { name: 'Parts orders', offersContactPage: true };

function PartsOrderPage() {
  return <h1>Order parts</h1>;
}

function renderRemotePage(load: PageLoader, part: PortalPart = parts) {
  const reload = jest.fn();
  render(
    <PortalThemeProvider>
      <MemoryRouter>
        <PageErrorBoundary part={part} reload={reload}>
          <LazyPage load={load} reload={reload} />
        </PageErrorBoundary>
      </MemoryRouter>
    </PortalThemeProvider>,
  );
  return { reload };
}

const down = () => Promise.reject(new Error("Remote 'parts' could not be loaded in 4 attempts: Failed to get manifest"));

beforeEach(() => {
  jest.spyOn(console, 'error').mockImplementation(() => undefined);
});

describe('the page of a remote that is down', () => {
  it('names the part of the portal that failed, offers Retry and Reload, and the support contact', async () => {
    renderRemotePage(down);

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('This page could not be shown.');
    expect(alert).toHaveTextContent(
      'This page belongs to Parts orders, which could not be downloaded right now. The rest of the portal still works.',
    );
    expect(screen.getByRole('button', { name: 'Retry' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Reload' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'service@rugged.example' })).toHaveAttribute('href', 'mailto:service@rugged.example');
    expect(screen.getByRole('link', { name: 'Help & Support' })).toHaveAttribute('href', '/help-support');
  });

  it('loads the page again in place on Retry, without reloading the document', async () => {
    const load = jest.fn<ReturnType<PageLoader>, []>().mockImplementationOnce(down).mockResolvedValue(PartsOrderPage);
    const { reload } = renderRemotePage(load);
    await screen.findByRole('alert');

    await act(async () => screen.getByRole('button', { name: 'Retry' }).click());

    expect(await screen.findByRole('heading', { name: 'Order parts' })).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(load).toHaveBeenCalledTimes(2);
    expect(reload).not.toHaveBeenCalled();
  });

  it('shows the failure again when the remote is still down on Retry', async () => {
    const load = jest.fn(down);
    renderRemotePage(load);
    await screen.findByRole('alert');

    await act(async () => screen.getByRole('button', { name: 'Retry' }).click());

    expect(await screen.findByRole('alert')).toHaveTextContent('This page belongs to Parts orders');
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('reloads the document on Reload', async () => {
    const { reload } = renderRemotePage(down);
    await screen.findByRole('alert');

    act(() => screen.getByRole('button', { name: 'Reload' }).click());

    expect(reload).toHaveBeenCalledTimes(1);
  });

  it('names the origin it refused when the remote lies on one the portal does not allow', async () => {
    renderRemotePage(() =>
      Promise.reject(new RemoteOriginError('parts', 'https://evil.example/parts/mf-manifest.json', 'https://evil.example')),
    );

    expect(await screen.findByRole('alert')).toHaveTextContent(
      'This page belongs to Parts orders, which is served from https://evil.example: the portal does not load code from there.',
    );
  });

  it('leaves out the link to the contact form when its own remote is the one that is down', async () => {
    renderRemotePage(down, { name: 'Help & Support', offersContactPage: false });

    const help = (await screen.findByText(/Need help now\?/)).closest('p') as HTMLElement;
    expect(help).toHaveTextContent('Need help now? E-mail service@rugged.example.');
    expect(within(help).getAllByRole('link')).toHaveLength(1);
  });
});
