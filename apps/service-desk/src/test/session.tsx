// Test support: a depot staff member's session over a partial API, and the service desk's routes.
import type { ApiClient, Me } from '@portal/api-client';
import { profile, renderRoute, sessionWith } from '@portal/forms/testing';
import type { ReactElement } from 'react';

export const tariq: Me = {
  ...profile,
  sub: 'usr_tariq',
  email: 'tariq@rugged.example',
  firstName: 'Tariq',
  lastName: 'Haddad',
  roles: ['service-portal:service:depot:technician'],
};

export const lena: Me = { ...tariq, sub: 'usr_lena', email: 'lena@rugged.example', firstName: 'Lena', roles: ['service-portal:service:depot:lead'] };

type Depot = Partial<ApiClient['depot']>;

/**
 * Renders a service desk page at url as `me`, its depot API the given mocks; the work page stands
 * in as a heading for a page that opens it.
 */
export function renderDesk(element: ReactElement, { path, url, depot, me = tariq }: { path: string; url: string; depot: Depot; me?: Me }) {
  const workPage = '/service-desk/rma/:number';
  return renderRoute(element, {
    path,
    url,
    session: sessionWith({ depot: depot as ApiClient['depot'] }, me),
    routes: path === workPage ? [] : [{ path: workPage, element: <h1>Work page</h1> }],
  });
}
