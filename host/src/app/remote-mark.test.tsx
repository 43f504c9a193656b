import { act, render, screen, waitFor, within } from '@testing-library/react';
import { RouterProvider, createMemoryRouter } from 'react-router';
import { SessionProvider } from '@portal/auth';
import { PortalThemeProvider } from '@portal/ui';
import { fakeSession } from '../test/fakeSession';
import { buildRoutes } from './routes';
import { routeTable } from './routeTable';
import { loadRemoteVersion } from '../remotes';

/** Each remote's page is a heading naming it; each remote reports its own version. */
const versions: Record<string, string> = { parts: '1.0.1', support: '1.0.0' };

jest.mock('../remotes', () => ({
  loadRemotePage: jest.fn(async (remote: string, exportName: string) => {
    const Page = () => <h1>{`${remote} ${exportName}`}</h1>;
    return Page;
  }),
  loadRemoteVersion: jest.fn(async (remote: string) => {
    const version = versions[remote];
    if (!version) throw new Error(`Remote '${remote}' does not report its version`);
    return version;
  }),
  registerPortalRemotes: jest.fn(),
}));

function renderAt(url: string) {
  const router = createMemoryRouter(buildRoutes(routeTable), { initialEntries: [url] });
  render(
    <PortalThemeProvider>
      <SessionProvider session={fakeSession({ status: 'signed-out' }).session}>
        <RouterProvider router={router} />
      </SessionProvider>
    </PortalThemeProvider>,
  );
  return router;
}

function nav(name: string) {
  return within(screen.getByRole('navigation', { name: 'Main' })).getByRole('link', { name });
}

/** The main element's mark, once the remote's version is in. */
async function marked(): Promise<{ remote: string | null; version: string | null }> {
  const main = screen.getByRole('main');
  await waitFor(() => expect(main).toHaveAttribute('data-remote-version'));
  return { remote: main.getAttribute('data-remote'), version: main.getAttribute('data-remote-version') };
}

describe("the page's remote and version", () => {
  it('marks the main element with the remote that rendered the page and the version its code reports', async () => {
    renderAt('/parts-order');

    await screen.findByRole('heading', { name: 'parts PartsOrderPage' });
    expect(await marked()).toEqual({ remote: 'parts', version: '1.0.1' });
    expect(loadRemoteVersion).toHaveBeenCalledWith('parts');
  });

  it("moves with the page: another remote's page gets its own, a host page none", async () => {
    renderAt('/parts-order');
    expect(await marked()).toEqual({ remote: 'parts', version: '1.0.1' });

    await act(async () => nav('Help & Support').click());
    await screen.findByRole('heading', { name: 'support HelpSupportPage' });
    expect(await marked()).toEqual({ remote: 'support', version: '1.0.0' });

    await act(async () => nav('Home').click());
    expect(screen.getByRole('main')).not.toHaveAttribute('data-remote');
    expect(screen.getByRole('main')).not.toHaveAttribute('data-remote-version');
  });

  it('leaves a page unmarked, and shown, when its remote does not report a version', async () => {
    const warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    renderAt('/canceled');

    await screen.findByRole('heading', { name: 'repair CanceledPage' });
    await waitFor(() => expect(warn).toHaveBeenCalledWith("The version of remote 'repair' is unknown", expect.any(Error)));
    expect(screen.getByRole('main')).not.toHaveAttribute('data-remote');
  });
});
