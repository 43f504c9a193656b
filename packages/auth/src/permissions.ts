/** Permission strings of spec §6. Users hold them as client roles: `<clientId>:<permission>`. */
export const permissions = {
  beta: 'service:beta',
  rmaOverride: 'service:admin:rma:override:oow',
  createPartOrder: 'service:partorder:create',
  paymentPO: 'service:payment:po',
  videoSerialPermission: 'service:video:serial:read',
  /** Depot staff (issue 29): the service desk is theirs alone. */
  depotTechnician: 'service:depot:technician',
  depotLead: 'service:depot:lead',
} as const;

export type Permission = (typeof permissions)[keyof typeof permissions];
