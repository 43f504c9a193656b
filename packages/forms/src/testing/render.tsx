// Test support shared by the remotes' page tests: a signed-in session stand-in and a data router
// with theme and session around the page under test. Imported by tests only.
import type { ReactElement } from 'react';
import { render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider, type LoaderFunction, type RouteObject } from 'react-router';
import type { ApiClient, Me, VerifySerialResult } from '@portal/api-client';
import { SessionProvider, type Session, type SessionState } from '@portal/auth';
import { PortalThemeProvider } from '@portal/ui';

export const profile: Me = {
  sub: 'u1',
  email: 'casey@example.com',
  firstName: 'Casey',
  lastName: 'Morgan',
  company: 'Morgan Field Services',
  position: 'Technician',
  phone: '5125550142',
  phoneCountryCode: 'US',
  address: { shipping: { line1: '100 Congress Ave', line2: '', city: 'Austin', state: 'TX', country: 'US', postalCode: '78701' } },
  roles: ['service-portal:customer'],
  org: null,
  flags: { rma: { flatDiscountPercentage: 0 } },
};

type DeepPartial<T> = { [K in keyof T]?: T[K] extends (...args: never[]) => unknown ? T[K] : DeepPartial<T[K]> };

/** A session stand-in: signed in with `me`, its API the given (partial) client. */
export function sessionWith(api: DeepPartial<ApiClient>, me: Me = profile): Session {
  const state: SessionState = { status: 'signed-in', profile: me, roles: me.roles };
  return {
    api: api as ApiClient,
    clientId: 'service-portal',
    getState: () => state,
    subscribe: () => () => undefined,
    signIn: jest.fn(),
  } as unknown as Session;
}

/** A session stand-in whose API answers verify-serial with the given mock. */
export function fakeSession(verifySerial: jest.Mock<Promise<VerifySerialResult>, [string, { signal?: AbortSignal }?]>) {
  return sessionWith({
    // A unit with an RMA makes create-rma ask whether that RMA awaits the caller's payment: none.
    repair: {
      verifySerial,
      prefetchedSerial: () => undefined,
      repairFormSelections: jest.fn(async () => []),
      awaitingPayment: jest.fn(async () => null),
    } as unknown as ApiClient['repair'],
    identity: { me: jest.fn() },
    locations: { countries: jest.fn(async () => []), states: jest.fn(async () => []), cities: jest.fn(async () => []) },
  });
}

export interface RouteOptions {
  path: string;
  url: string;
  session: Session;
  state?: unknown;
  loader?: LoaderFunction;
  /** Further pages the one under test navigates to (home is always there). */
  routes?: RouteObject[];
}

/**
 * Renders a page at `url`, matched against `path`, in a data router (blockers and loader data
 * work as in the host), with theme and session.
 */
export function renderRoute(element: ReactElement, { path, url, session, state, loader, routes = [] }: RouteOptions) {
  const router = createMemoryRouter(
    [
      { path: '/', element: <h1>Home</h1> },
      ...routes,
      { path, element, loader, hydrateFallbackElement: <p>Loading..</p> },
    ],
    { initialEntries: [{ pathname: url, state }] },
  );
  const view = render(
    <PortalThemeProvider>
      <SessionProvider session={session}>
        <RouterProvider router={router} />
      </SessionProvider>
    </PortalThemeProvider>,
  );
  return { ...view, router };
}
