import type { Unit } from '@portal/api-client';

export const warrantyUnit: Unit = {
  serial: 'RT10000001',
  model: 'RL14',
  modelFamily: 'Ranger',
  pn: 'RL14-G2-16',
  productType: 'LAPTOP',
  iw: true,
  allowOow: false,
  allowedRepairType: ['STANDARD'],
  rmaExists: false,
  endDeviceWarranty: '2028-06-30',
  warrantyType: 'STANDARD',
  isEOS: false,
  validForNewRma: true,
  cardState: 'warranty',
};

export function unit(overrides: Partial<Unit> = {}): Unit {
  return { ...warrantyUnit, ...overrides };
}
