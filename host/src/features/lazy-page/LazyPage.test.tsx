import type { ComponentType } from 'react';
import { act, render, screen } from '@testing-library/react';
import { PortalThemeProvider } from '@portal/ui';
import { HostSettingsProvider } from '../../config-context';
import { LazyPage, type PageLoader } from './LazyPage';
import { PageErrorBoundary } from './PageErrorBoundary';
import { TIMEOUT_TEXT } from './views';

const fetchMock = jest.fn<Promise<Pick<Response, 'ok' | 'status'>>, [string, RequestInit?]>();

function neverLoads(): PageLoader {
  return () => new Promise(() => undefined);
}

function renderLazy(load: PageLoader, apiBaseUrl = '', prerendered?: string) {
  const reload = jest.fn();
  const onError = jest.fn();
  const view = render(
    <PortalThemeProvider>
      <HostSettingsProvider value={{ apiBaseUrl }}>
        <PageErrorBoundary reload={reload} onError={onError}>
          <LazyPage load={load} reload={reload} prerendered={prerendered} />
        </PageErrorBoundary>
      </HostSettingsProvider>
    </PortalThemeProvider>,
  );
  return { ...view, reload, onError };
}

async function advance(ms: number) {
  await act(async () => {
    jest.advanceTimersByTime(ms);
  });
}

beforeEach(() => {
  jest.useFakeTimers();
  globalThis.fetch = fetchMock as unknown as typeof fetch;
  jest.spyOn(console, 'error').mockImplementation(() => undefined);
});

afterEach(() => {
  jest.useRealTimers();
});

describe('LazyPage', () => {
  it('shows nothing during the first 200 ms', async () => {
    const { container } = renderLazy(neverLoads());

    await advance(199);

    expect(screen.queryByText('Loading..')).not.toBeInTheDocument();
    expect(container).toBeEmptyDOMElement();
  });

  it("shows 'Loading..' after 200 ms", async () => {
    renderLazy(neverLoads());

    await advance(200);

    expect(screen.getByRole('status')).toHaveTextContent('Loading..');
  });

  it('shows the page without any loading view when it arrives in time', async () => {
    renderLazy(async () => () => <h1>Create a repair RMA</h1>);

    await advance(0);

    expect(screen.getByRole('heading', { name: 'Create a repair RMA' })).toBeInTheDocument();
    expect(screen.queryByText('Loading..')).not.toBeInTheDocument();
  });

  it('keeps the prerendered page, inert, until the page is in', async () => {
    let arrive!: (page: ComponentType) => void;
    const { container } = renderLazy(
      () =>
        new Promise((resolve) => {
          arrive = resolve;
        }),
      '',
      '<h1>Help &amp; Support</h1>',
    );

    await advance(5_000);
    expect(screen.queryByText('Loading..')).not.toBeInTheDocument();
    expect(container.querySelector('portal-page[inert][aria-hidden="true"]')).toHaveTextContent('Help & Support');

    await act(async () => arrive(() => <h1>Help &amp; Support</h1>));
    expect(container.querySelector('portal-page')).toBeNull();
    expect(screen.getByRole('heading', { name: 'Help & Support' })).toBeInTheDocument();
  });

  it('checks the connection over the prerendered page when the page takes 10 s', async () => {
    fetchMock.mockReturnValue(new Promise(() => undefined));
    const { container } = renderLazy(neverLoads(), '', '<h1>Help &amp; Support</h1>');

    await advance(10_000);

    expect(container.querySelector('portal-page')).toBeNull();
    expect(fetchMock).toHaveBeenCalledWith('/', { method: 'HEAD', cache: 'no-store' });
  });

  it('checks the API with a HEAD request at 10 s and reloads when it answers', async () => {
    fetchMock.mockResolvedValue({ ok: true, status: 200 });
    const { reload } = renderLazy(neverLoads(), 'https://api.example.test');

    await advance(9_999);
    expect(fetchMock).not.toHaveBeenCalled();

    await advance(1);
    expect(fetchMock).toHaveBeenCalledWith('https://api.example.test/', expect.objectContaining({ method: 'HEAD' }));
    expect(reload).toHaveBeenCalledTimes(1);
    expect(screen.queryByText(TIMEOUT_TEXT)).not.toBeInTheDocument();
  });

  it('says the page timed out when the HEAD request fails', async () => {
    fetchMock.mockRejectedValue(new TypeError('Failed to fetch'));
    const { reload } = renderLazy(neverLoads());

    await advance(10_000);

    expect(fetchMock).toHaveBeenCalledWith('/', expect.objectContaining({ method: 'HEAD' }));
    expect(screen.getByRole('alert')).toHaveTextContent(
      "The page timed out while loading. Are you sure you're still connected to the Internet?",
    );
    expect(reload).not.toHaveBeenCalled();
  });

  it('says the page timed out when the API answers the HEAD request with an error', async () => {
    fetchMock.mockResolvedValue({ ok: false, status: 503 });
    const { reload } = renderLazy(neverLoads());

    await advance(10_000);

    expect(screen.getByText(TIMEOUT_TEXT)).toBeInTheDocument();
    expect(reload).not.toHaveBeenCalled();
  });

  it('fails with a ChunkLoadError after 120 s and offers a reload', async () => {
    fetchMock.mockRejectedValue(new TypeError('Failed to fetch'));
    const { onError, reload } = renderLazy(neverLoads());

    await advance(119_999);
    expect(onError).not.toHaveBeenCalled();

    await advance(1);
    expect(onError).toHaveBeenCalledWith(expect.objectContaining({ name: 'ChunkLoadError' }));
    expect(screen.getByRole('alert')).toHaveTextContent('This page could not be downloaded.');
    act(() => screen.getByRole('button', { name: 'Reload' }).click());
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it('turns a failed load into a ChunkLoadError at once', async () => {
    const { onError } = renderLazy(() => Promise.reject(new Error('Loading script failed: remoteEntry.js')));

    await advance(0);

    const [[error]] = onError.mock.calls as [[Error]];
    expect(error.name).toBe('ChunkLoadError');
    expect(error.message).toContain('remoteEntry.js');
    expect(screen.getByRole('button', { name: 'Reload' })).toBeInTheDocument();
  });
});
