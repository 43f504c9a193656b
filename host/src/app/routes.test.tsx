import { act, render, screen, within } from '@testing-library/react';
import { RouterProvider, createMemoryRouter } from 'react-router';
import { SessionProvider, type SessionState } from '@portal/auth';
import { routePaths, type RouteName } from '@portal/routes';
import { PortalThemeProvider } from '@portal/ui';
import { fakeSession, signedIn } from '../test/fakeSession';
import { buildRoutes, type RouteHandle } from './routes';
import { remoteParts, routeTable } from './routeTable';
import { loadRemotePage } from '../remotes';

jest.mock('../remotes', () => ({
  loadRemotePage: jest.fn(() => new Promise(() => undefined)),
  registerPortalRemotes: jest.fn(),
}));

function renderAt(url: string, state: SessionState = { status: 'signed-out' }) {
  const fake = fakeSession(state);
  const router = createMemoryRouter(buildRoutes(routeTable), { initialEntries: [url] });
  render(
    <PortalThemeProvider>
      <SessionProvider session={fake.session}>
        <RouterProvider router={router} />
      </SessionProvider>
    </PortalThemeProvider>,
  );
  return { ...fake, router };
}

describe('route table', () => {
  it('has every named route once, with its spec path', () => {
    const [root] = buildRoutes(routeTable);
    const handles = (root?.children ?? []).map((r) => [(r.handle as RouteHandle).name, r.path]);

    expect(handles).toEqual([
      ...(Object.entries(routePaths) as [RouteName, string][]).map(([name, path]) => [name, path]),
      ['not-found', '*'],
    ]);
  });

  it.each<[RouteName, 'public' | 'sign-in']>([
    ['home', 'public'],
    ['rma-confirm-quote', 'public'],
    ['parts-order-checkout', 'public'],
    ['help-support-complete', 'public'],
    ['sign-out', 'public'],
    ['unauthorized', 'public'],
    ['create-rma', 'sign-in'],
    ['recycle-unit', 'sign-in'],
    ['recycle-battery', 'sign-in'],
    ['pay-quote', 'sign-in'],
    ['auth-help-and-support', 'sign-in'],
    ['rma-history', 'sign-in'],
    ['account-settings', 'sign-in'],
  ])('marks %s as %s', (name, access) => {
    expect(routeTable[name].meta.access).toBe(access);
  });

  it('shows the not-found page for unknown URLs', () => {
    renderAt('/no/such/page');

    expect(screen.getByRole('heading', { name: 'Page not found' })).toBeInTheDocument();
  });

  it('opens the public parts order without asking to sign in', () => {
    const { signIn } = renderAt('/parts-order');

    expect(loadRemotePage).toHaveBeenLastCalledWith('parts', 'PartsOrderPage');
    expect(signIn).not.toHaveBeenCalled();
  });

  it('opens home without loading any remote, so it works whichever remote is down', () => {
    renderAt('/', signedIn(['service-portal:customer']));

    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Repairs and service for your rugged devices');
    expect(loadRemotePage).not.toHaveBeenCalled();
  });

  it("shows a remote's failure only on its own page: the header works and home opens", async () => {
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
    (loadRemotePage as jest.Mock).mockRejectedValueOnce(new Error("Remote 'parts' could not be loaded in 4 attempts"));
    const { router } = renderAt('/parts-order');

    expect(await screen.findByRole('alert')).toHaveTextContent('This page belongs to Parts orders, which could not be downloaded');
    expect(within(screen.getByRole('main')).getByRole('link', { name: 'Help & Support' })).toHaveAttribute('href', '/help-support');
    await act(async () => within(screen.getByRole('navigation', { name: 'Main' })).getByRole('link', { name: 'Home' }).click());

    expect(router.state.location.pathname).toBe('/');
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Repairs and service for your rugged devices');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it.each<[RouteName, string]>([
    ['create-rma', 'Repairs'],
    ['recycle-battery', 'Recycling'],
    ['sm-inventory', 'Parts orders'],
    ['help-support', 'Help & Support'],
    ['dashboard', 'Your account'],
  ])('names the part of the portal behind %s: %s', (name, part) => {
    const { page } = routeTable[name];
    expect(page.kind === 'remote' && remoteParts[page.remote]).toBe(part);
  });

  it('offers no contact-form link on a failed Help & Support page, whose remote serves that form', async () => {
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
    (loadRemotePage as jest.Mock).mockRejectedValueOnce(new Error("Remote 'support' could not be loaded in 4 attempts"));
    renderAt('/help-support');

    expect(await screen.findByRole('alert')).toHaveTextContent('This page belongs to Help & Support');
    expect(within(screen.getByRole('main')).getAllByRole('link').map((l) => l.getAttribute('href'))).toEqual([
      'mailto:service@rugged.example',
    ]);
  });

  it('redirects your-account to rma-history', () => {
    const { router } = renderAt('/your-account', signedIn(['service-portal:customer']));

    expect(router.state.location.pathname).toBe('/your-account/rma-history');
  });

  it('explains the 401 route', () => {
    renderAt('/401', signedIn(['other:role']));

    expect(screen.getByRole('heading', { name: 'No permission' })).toBeInTheDocument();
    expect(screen.getByText('Your account does not have permission to open this page.')).toBeInTheDocument();
  });

  it('sends signed-out visitors of create-rma to sign-in, keeping the serial', () => {
    const { signIn } = renderAt('/create-rma/RT10000001');

    expect(signIn).toHaveBeenCalledWith('/create-rma/RT10000001');
  });

  it('routes /create-rma/confirm-quote to the confirm-quote route, not to a serial', () => {
    const { router, signIn } = renderAt('/create-rma/confirm-quote');

    expect(router.state.matches.at(-1)?.route.id).toBe('rma-confirm-quote');
    expect(signIn).not.toHaveBeenCalled();
  });

  it('routes /create-rma/batch to the batch page, not to a serial', () => {
    const { router } = renderAt('/create-rma/batch', signedIn(['service-portal:customer']));

    expect(router.state.matches.at(-1)?.route.id).toBe('create-rma-batch');
  });

  it('lists only pages that exist in the navigation', () => {
    renderAt('/');

    const nav = screen.getByRole('navigation', { name: 'Main' });
    expect(within(nav).getAllByRole('link').map((l) => [l.textContent, l.getAttribute('href')])).toEqual([
      ['Home', '/'],
      ['Create RMA', '/create-rma'],
      ['Recycle a unit', '/recycle-unit'],
      ['Order parts', '/parts-order'],
      ['Help & Support', '/help-support'],
      ['Your RMAs', '/your-account/rma-history'],
    ]);
  });

  it.each<[RouteName, string]>([
    ['rma-history', 'RmaHistoryPage'],
    ['quotes', 'QuotesPage'],
    ['saved-quotes', 'QuotesPage'],
    ['dashboard', 'DashboardPage'],
    ['account-settings', 'AccountSettingsPage'],
    ['branches', 'BranchesPage'],
    ['product-registration', 'ProductRegistrationPage'],
    ['drivers', 'DriversPage'],
    ['parts-orders-history', 'PartsOrdersHistoryPage'],
  ])('renders %s with the account remote page %s', (name, exposed) => {
    expect(routeTable[name].page).toMatchObject({ kind: 'remote', remote: 'account' });
    const page = routeTable[name].page as { load: () => Promise<unknown> };
    void page.load();
    expect(loadRemotePage).toHaveBeenLastCalledWith('account', exposed);
  });

  it.each<[RouteName, string, string]>([
    ['parts-order', 'parts', 'PartsOrderPage'],
    ['parts-order-manual', 'parts', 'PartsOrderManualPage'],
    ['parts-order-cart', 'parts', 'PartsCartPage'],
    ['parts-order-checkout', 'parts', 'PartsCheckoutPage'],
    ['parts-order-success', 'parts', 'PartsOrderSuccessPage'],
    ['video-parts-order', 'parts', 'VideoPartsOrderPage'],
    ['video-parts-order-cart', 'parts', 'VideoPartsCartPage'],
    ['video-parts-order-checkout', 'parts', 'VideoPartsCheckoutPage'],
    ['sm-inventory', 'parts', 'SmInventoryPage'],
    ['sm-inventory-profile', 'parts', 'SmInventoryProfilePage'],
    ['upgrade-device', 'repair', 'UpgradeDevicePage'],
    ['upgrade-device-confirm-quote', 'repair', 'UpgradeConfirmQuotePage'],
  ])('renders the public route %s with the %s remote page %s', (name, remote, exposed) => {
    expect(routeTable[name]).toMatchObject({ meta: { access: 'public' }, page: { kind: 'remote', remote } });
    const page = routeTable[name].page as { load: () => Promise<unknown> };
    void page.load();
    expect(loadRemotePage).toHaveBeenLastCalledWith(remote, exposed);
  });

  it('loads countries before account-settings opens', () => {
    expect(routeTable['account-settings'].preload).toBeDefined();
  });

  it('sends a customer outside any organization from branches home', () => {
    const { router } = renderAt('/your-account/branches', signedIn(['service-portal:customer']));

    expect(router.state.location.pathname).toBe('/');
  });

  it('opens branches for a member of an organization', () => {
    const member = signedIn(['service-portal:customer']);
    if (member.status === 'signed-in') member.profile.org = { name: 'FleetCo' };
    const { router } = renderAt('/your-account/branches', member);

    expect(router.state.location.pathname).toBe('/your-account/branches');
    expect(loadRemotePage).toHaveBeenLastCalledWith('account', 'BranchesPage');
  });

  it('offers sign-in in the header when signed out', async () => {
    const { signIn } = renderAt('/');

    within(screen.getByRole('banner')).getByRole('button', { name: 'Sign in' }).click();

    expect(signIn).toHaveBeenCalledWith('/');
    expect(within(screen.getByRole('banner')).queryByRole('link', { name: 'Sign out' })).not.toBeInTheDocument();
  });

  it('shows the signed-in user and a sign-out link in the header', () => {
    renderAt('/', signedIn(['service-portal:customer']));

    const header = within(screen.getByRole('banner'));
    expect(header.getByText('Dana Reyes')).toBeInTheDocument();
    expect(header.getByRole('link', { name: 'Sign out' })).toHaveAttribute('href', '/sign-out');
    expect(header.queryByRole('button', { name: 'Sign in' })).not.toBeInTheDocument();
  });
});
