import { permissions } from './permissions';
import { clientRoles, hasAllRoles, hasAnyRole, hasClientRole } from './roles';

const roles = ['offline_access', 'service-portal:customer', 'service-portal:service:payment:po'];

describe('role helpers', () => {
  it('hasAnyRole needs one match, and nothing for an empty list', () => {
    expect(hasAnyRole(roles, ['x', 'offline_access'])).toBe(true);
    expect(hasAnyRole(roles, ['x', 'y'])).toBe(false);
    expect(hasAnyRole(roles, [])).toBe(true);
  });

  it('hasAllRoles needs every role', () => {
    expect(hasAllRoles(roles, ['offline_access', 'service-portal:customer'])).toBe(true);
    expect(hasAllRoles(roles, ['offline_access', 'service-portal:admin'])).toBe(false);
  });

  it('hasClientRole reads roles with the client prefix', () => {
    expect(hasClientRole(roles, 'service-portal')).toBe(true);
    expect(hasClientRole(roles, 'service-portal', permissions.paymentPO)).toBe(true);
    expect(hasClientRole(roles, 'service-portal', permissions.rmaOverride)).toBe(false);
    expect(hasClientRole(['other-client:customer', 'service-portal:'], 'service-portal')).toBe(false);
  });

  it('clientRoles strips the prefix so permission constants compare directly', () => {
    expect(clientRoles(roles, 'service-portal')).toEqual(['customer', 'service:payment:po']);
  });

  it('keeps the spec §6 permission strings and the depot staff roles (issue 29)', () => {
    expect(permissions).toEqual({
      beta: 'service:beta',
      rmaOverride: 'service:admin:rma:override:oow',
      createPartOrder: 'service:partorder:create',
      paymentPO: 'service:payment:po',
      videoSerialPermission: 'service:video:serial:read',
      depotTechnician: 'service:depot:technician',
      depotLead: 'service:depot:lead',
    });
  });
});
