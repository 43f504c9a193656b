/** Permission strings of spec §6. Users hold them as client roles: `<clientId>:<permission>`. */
export const permissions = {
  beta: 'service:beta',
  rmaOverride: 'service:admin:rma:override:oow',
  createPartOrder: 'service:partorder:create',
  paymentPO: 'service:payment:po',
  videoSerialPermission: 'service:video:serial:read',
} as const;

export type Permission = (typeof permissions)[keyof typeof permissions];
