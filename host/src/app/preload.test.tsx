import { cleanup, render, screen, waitFor } from '@testing-library/react';
import { RouterProvider, createMemoryRouter, useLoaderData } from 'react-router';
import type { ApiClient, Country } from '@portal/api-client';
import { SessionProvider, type SessionState } from '@portal/auth';
import { PortalThemeProvider } from '@portal/ui';
import { fakeSession, signedIn } from '../test/fakeSession';
import { buildRoutes } from './routes';
import { routeTable, type RouteEntry } from './routeTable';

const countries: Country[] = [{ name: 'United States', countryCode: 'US', geonameId: 6252001 }];

function CountriesProbe() {
  const data = useLoaderData() as { countries: Country[] };
  return <p>{data.countries.map((c) => c.name).join(', ') || 'no countries'}</p>;
}

const unit = { serial: 'RT10000001', modelFamily: 'Ranger' };

function renderCreateRma(
  countriesCall: jest.Mock,
  page: RouteEntry['page'] = { kind: 'host', Component: CountriesProbe },
  { state = signedIn(['service-portal:customer']), path = '/create-rma/RT10000001' }: { state?: SessionState; path?: string } = {},
) {
  const prefetchSerial = jest.fn(async () => ({ kind: 'found', unit }));
  const api = { locations: { countries: countriesCall }, repair: { prefetchSerial } } as unknown as ApiClient;
  const session = { api, hasToken: async () => state.status === 'signed-in' };
  const table = { ...routeTable, 'create-rma': { ...routeTable['create-rma'], page } } as Record<keyof typeof routeTable, RouteEntry>;
  const router = createMemoryRouter(buildRoutes(table, { session }), { initialEntries: [path] });
  render(
    <PortalThemeProvider>
      <SessionProvider session={fakeSession(state).session}>
        <RouterProvider router={router} />
      </SessionProvider>
    </PortalThemeProvider>,
  );
  return { prefetchSerial };
}

describe('route preloads', () => {
  it('loads the countries before create-rma renders and hands them to the page', async () => {
    const countriesCall = jest.fn(async () => countries);
    renderCreateRma(countriesCall);

    expect(await screen.findByText('United States')).toBeInTheDocument();
    expect(countriesCall).toHaveBeenCalledTimes(1);
    expect(countriesCall).toHaveBeenCalledWith({ signal: expect.any(AbortSignal) });
  });

  it("checks the serial in the path meanwhile and fetches its unit's picture, for a signed-in user", async () => {
    const images: string[] = [];
    jest.spyOn(window, 'Image').mockImplementation(() => {
      const image = {} as HTMLImageElement;
      Object.defineProperty(image, 'src', { set: (src: string) => images.push(src) });
      return image;
    });
    const { prefetchSerial } = renderCreateRma(jest.fn(async () => countries));

    expect(await screen.findByText('United States')).toBeInTheDocument();
    expect(prefetchSerial).toHaveBeenCalledWith('RT10000001');
    await waitFor(() => expect(images).toEqual(['/assets/units/ranger.svg']));
  });

  it('checks no serial for a signed-out user, nor without one in the path', async () => {
    const loaded = jest.fn(async () => countries);
    const signedOut = renderCreateRma(loaded, undefined, { state: { status: 'signed-out' } });
    await waitFor(() => expect(loaded).toHaveBeenCalled());
    expect(await screen.findByText('Taking you to sign-in…')).toBeInTheDocument();
    cleanup();
    const noSerial = renderCreateRma(jest.fn(async () => countries), undefined, { path: '/create-rma' });
    expect(await screen.findByText('United States')).toBeInTheDocument();

    expect(signedOut.prefetchSerial).not.toHaveBeenCalled();
    expect(noSerial.prefetchSerial).not.toHaveBeenCalled();
  });

  it('only logs a failure and opens the page with no countries', async () => {
    const error = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    renderCreateRma(jest.fn(async () => Promise.reject(new Error('down'))));

    expect(await screen.findByText('no countries')).toBeInTheDocument();
    await waitFor(() => expect(error).toHaveBeenCalledWith('Loading the countries failed', expect.any(Error)));
  });

  it("keeps a failed download of the page's code out of the preload: only the page area reports it", async () => {
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
    const countriesCall = jest.fn(async () => countries);
    const load = jest.fn(() => Promise.reject(new Error("Remote 'repair' could not be loaded in 4 attempts")));
    renderCreateRma(countriesCall, { kind: 'remote', remote: 'repair', load });

    expect(await screen.findByRole('alert')).toHaveTextContent('This page belongs to Repairs, which could not be downloaded');
    expect(screen.getByRole('navigation', { name: 'Main' })).toBeInTheDocument();
    expect(screen.queryByText('Something went wrong.')).not.toBeInTheDocument();
    expect(countriesCall).toHaveBeenCalledTimes(1);
  });

  it('preloads the countries for create-rma, recycle-unit and account-settings only', () => {
    const preloading = Object.entries(routeTable)
      .filter(([, entry]) => entry.preload)
      .map(([name]) => name);

    expect(preloading).toEqual(['create-rma', 'recycle-unit', 'account-settings']);
  });
});
