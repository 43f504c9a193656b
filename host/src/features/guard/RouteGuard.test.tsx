import { act, render, screen } from '@testing-library/react';
import { RouterProvider, createMemoryRouter } from 'react-router';
import { SessionProvider, permissions, type SessionState } from '@portal/auth';
import { PortalThemeProvider } from '@portal/ui';
import { fakeSession, signedIn } from '../../test/fakeSession';
import { NoPermissionPage } from '../errors/NoPermissionPage';
import { RouteGuard } from './RouteGuard';
import type { RouteMeta } from './access';

function renderAt(url: string, state: SessionState, meta: RouteMeta) {
  const fake = fakeSession(state);
  const router = createMemoryRouter(
    [
      { path: '/', element: <h1>Home</h1> },
      { path: '/401', element: <NoPermissionPage /> },
      {
        path: '/guarded/:serial?',
        element: (
          <RouteGuard meta={meta}>
            <h1>Guarded page</h1>
          </RouteGuard>
        ),
      },
    ],
    { initialEntries: [url] },
  );
  render(
    <PortalThemeProvider>
      <SessionProvider session={fake.session}>
        <RouterProvider router={router} />
      </SessionProvider>
    </PortalThemeProvider>,
  );
  return { ...fake, router };
}

const customer = ['service-portal:customer'];

describe('RouteGuard', () => {
  it.each<[string, SessionState]>([
    ['signed out', { status: 'signed-out' }],
    ['still loading', { status: 'loading' }],
    ['signed in without a client role', signedIn(['other-app:admin'])],
  ])('lets everyone into a public route (%s)', (_name, state) => {
    const { signIn } = renderAt('/guarded', state, { access: 'public' });

    expect(screen.getByRole('heading', { name: 'Guarded page' })).toBeInTheDocument();
    expect(signIn).not.toHaveBeenCalled();
  });

  it('sends a signed-out user to sign-in, storing the target URL', () => {
    const { signIn } = renderAt('/guarded/RT10000001?toPage=2#top', { status: 'signed-out' }, { access: 'sign-in' });

    expect(signIn).toHaveBeenCalledWith('/guarded/RT10000001?toPage=2#top');
    expect(screen.queryByRole('heading', { name: 'Guarded page' })).not.toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('Taking you to sign-in…');
  });

  it('asks before signing in again after a sign-out in another tab', () => {
    const { signIn, setState } = renderAt('/guarded/RT10000001', signedIn(customer), { access: 'sign-in' });
    expect(screen.getByRole('heading', { name: 'Guarded page' })).toBeInTheDocument();

    act(() => setState({ status: 'signed-out', reason: 'elsewhere' }));

    expect(screen.queryByRole('heading', { name: 'Guarded page' })).not.toBeInTheDocument();
    expect(screen.getByText(/You signed out in another window\./)).toBeInTheDocument();
    expect(signIn).not.toHaveBeenCalled();
    act(() => screen.getByRole('button', { name: 'Sign in' }).click());
    expect(signIn).toHaveBeenCalledWith('/guarded/RT10000001');
  });

  it('sends a signed-in user outside any organization home from an org-only route', () => {
    const { router } = renderAt('/guarded', signedIn(customer), { access: 'sign-in', orgOnly: true });

    expect(router.state.location.pathname).toBe('/');
    expect(screen.getByRole('heading', { name: 'Home' })).toBeInTheDocument();
  });

  it('lets a member of an organization into an org-only route', () => {
    const member = signedIn(customer);
    if (member.status === 'signed-in') member.profile.org = { name: 'FleetCo' };
    renderAt('/guarded', member, { access: 'sign-in', orgOnly: true });

    expect(screen.getByRole('heading', { name: 'Guarded page' })).toBeInTheDocument();
  });

  it('still asks a signed-out visitor of an org-only route to sign in first', () => {
    const { signIn } = renderAt('/guarded', { status: 'signed-out' }, { access: 'sign-in', orgOnly: true });

    expect(signIn).toHaveBeenCalledWith('/guarded');
  });

  it('waits for the session before deciding', () => {
    const { signIn, setState } = renderAt('/guarded', { status: 'loading' }, { access: 'sign-in' });

    expect(signIn).not.toHaveBeenCalled();
    expect(screen.queryByRole('heading', { name: 'Guarded page' })).not.toBeInTheDocument();

    act(() => setState(signedIn(customer)));
    expect(screen.getByRole('heading', { name: 'Guarded page' })).toBeInTheDocument();
    expect(signIn).not.toHaveBeenCalled();
  });

  it('lets a signed-in user with a client role in', () => {
    renderAt('/guarded', signedIn(customer), { access: 'sign-in' });

    expect(screen.getByRole('heading', { name: 'Guarded page' })).toBeInTheDocument();
  });

  it('sends a signed-in user without a service-portal role to the 401 route', () => {
    const { router } = renderAt('/guarded', signedIn(['offline_access', 'other-app:customer']), { access: 'sign-in' });

    expect(router.state.location.pathname).toBe('/401');
    expect(screen.getByRole('heading', { name: 'No permission' })).toBeInTheDocument();
  });

  describe('anyRole', () => {
    const meta: RouteMeta = { access: 'sign-in', anyRole: [permissions.createPartOrder, permissions.videoSerialPermission] };

    it('allows a user holding one of the roles', () => {
      renderAt('/guarded', signedIn([...customer, 'service-portal:service:video:serial:read']), meta);

      expect(screen.getByRole('heading', { name: 'Guarded page' })).toBeInTheDocument();
    });

    it('sends a user holding none of them to 401', () => {
      const { router } = renderAt('/guarded', signedIn([...customer, 'service-portal:service:beta']), meta);

      expect(router.state.location.pathname).toBe('/401');
    });

    it('does not accept the permission without the client prefix', () => {
      const { router } = renderAt('/guarded', signedIn([...customer, 'service:partorder:create']), meta);

      expect(router.state.location.pathname).toBe('/401');
    });
  });

  describe('allRoles', () => {
    const meta: RouteMeta = { access: 'sign-in', allRoles: [permissions.createPartOrder, permissions.paymentPO] };

    it('allows a user holding all of the roles', () => {
      renderAt('/guarded', signedIn(['service-portal:service:partorder:create', 'service-portal:service:payment:po']), meta);

      expect(screen.getByRole('heading', { name: 'Guarded page' })).toBeInTheDocument();
    });

    it('sends a user missing one of them to 401', () => {
      const { router } = renderAt('/guarded', signedIn(['service-portal:service:partorder:create']), meta);

      expect(router.state.location.pathname).toBe('/401');
    });
  });

  it('asks for sign-in on a public route that needs a role', () => {
    const { signIn } = renderAt('/guarded', { status: 'signed-out' }, { access: 'public', anyRole: [permissions.beta] });

    expect(signIn).toHaveBeenCalledWith('/guarded');
  });
});
