import type { Me } from '@portal/api-client';
import type { SessionState } from '@portal/auth';
import { routeTable } from '../../app/routeTable';
import { decideAccess, listedInNav } from './access';

const CLIENT = 'service-portal';

function signedIn(...roles: string[]): SessionState {
  return { status: 'signed-in', profile: { email: 'x@example.com', roles } as unknown as Me, roles: roles.map((r) => `${CLIENT}:${r}`) };
}

const customer = signedIn('customer');
const technician = signedIn('service:depot:technician');
const lead = signedIn('service:depot:lead');

describe('the service desk is for depot staff only', () => {
  it('opens the queue for a technician or a lead and sends a customer to the no-permission page', () => {
    const meta = routeTable['service-desk'].meta;
    expect(decideAccess(meta, technician, CLIENT)).toBe('allow');
    expect(decideAccess(meta, lead, CLIENT)).toBe('allow');
    expect(decideAccess(meta, customer, CLIENT)).toBe('forbidden');
    expect(decideAccess(meta, { status: 'signed-out' }, CLIENT)).toBe('sign-in');
  });

  it("keeps the lead's overview to leads", () => {
    const meta = routeTable['service-desk-lead'].meta;
    expect(decideAccess(meta, lead, CLIENT)).toBe('allow');
    expect(decideAccess(meta, technician, CLIENT)).toBe('forbidden');
  });

  it("lists 'Service desk' in the navigation only for staff, never for a customer or a visitor", () => {
    const meta = routeTable['service-desk'].meta;
    expect(routeTable['service-desk'].nav).toBe('Service desk');
    expect(listedInNav(meta, technician, CLIENT)).toBe(true);
    expect(listedInNav(meta, lead, CLIENT)).toBe(true);
    expect(listedInNav(meta, customer, CLIENT)).toBe(false);
    expect(listedInNav(meta, { status: 'signed-out' }, CLIENT)).toBe(false);
    expect(listedInNav(meta, { status: 'loading' }, CLIENT)).toBe(false);
  });

  it('lists every route that needs no role for everyone', () => {
    expect(listedInNav(routeTable['create-rma'].meta, { status: 'signed-out' }, CLIENT)).toBe(true);
    expect(listedInNav(routeTable['create-rma'].meta, technician, CLIENT)).toBe(true);
  });
});
