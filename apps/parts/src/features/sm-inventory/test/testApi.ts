// Test support for the inventory pages: an inventory served by a fake HTTP client that applies
// the API's filters and pages, and the drivers and upgrade calls the profile makes.
import { ApiError, INVENTORY_PATH, type InventoryUnit, type Query, type UnitProfile } from '@portal/api-client';
import { makeApi } from '../../../shared/test/fixtures';

export function unit(serial: string, extra: Partial<InventoryUnit> = {}): InventoryUnit {
  const video = serial.startsWith('VT');
  return {
    serial,
    model: video ? 'VX12' : 'RL14',
    modelFamily: video ? 'Veretos' : 'Ranger',
    productType: video ? 'VERETOS' : 'LAPTOP',
    warrantyState: 'IN_WARRANTY',
    warrantyEnd: '2029-02-28',
    openRma: null,
    registered: true,
    registeredAt: '2026-01-05T10:00:00Z',
    sources: ['registration'],
    ...extra,
  };
}

export const UNITS: InventoryUnit[] = [
  unit('RT10000001', { warrantyState: 'OUT_OF_WARRANTY', warrantyEnd: '2025-01-15', registered: false, registeredAt: null, sources: ['rma'],
    openRma: { rmaNumber: 'RMA-100417', uid: 'uid-417', status: 'AWAITING_UNIT' } }),
  unit('VT10000007', { sources: ['registration', 'order'] }),
  unit('VT10000008'),
];

function matches(u: InventoryUnit, q: Query): boolean {
  const text = String(q.q ?? '').toLowerCase();
  if (text && ![u.serial, u.model, u.modelFamily].some((v) => v.toLowerCase().includes(text))) return false;
  if (q.model && u.model !== q.model) return false;
  if (q.warranty && u.warrantyState !== q.warranty) return false;
  if (q.openRma !== undefined && String(u.openRma !== null) !== q.openRma) return false;
  return true;
}

export function inventoryApi(units: InventoryUnit[] = UNITS, profiles: Record<string, UnitProfile> = {}) {
  const request = jest.fn(async (_method: string, path: string, options?: { query?: Query }) => {
    const q = options?.query ?? {};
    if (path === INVENTORY_PATH) {
      if (q.warranty === 'SOON') throw new ApiError(400, { error: 'validation', message: 'Some fields are invalid.' });
      const all = units.filter((u) => matches(u, q));
      const page = Number(q.page ?? 1);
      const per = Number(q.itemsPerPage ?? 20);
      return {
        items: all.slice((page - 1) * per, page * per),
        total: all.length,
        page,
        itemsPerPage: per,
        models: [...new Set(units.map((u) => u.model))].sort(),
      };
    }
    const serial = decodeURIComponent(path.slice(INVENTORY_PATH.length + 1));
    const profile = profiles[serial];
    if (!profile) throw new ApiError(404, { error: 'rma.unitNotFound', message: 'Serial Not Found' });
    return profile;
  });
  const blob = jest.fn(async (_path: string, _options?: { query?: Query }) => new Blob(['Serial\n']));
  return {
    ...makeApi(),
    http: { request, blob },
    accountManager: {
      drivers: jest.fn(async () => [
        {
          model: 'VX12',
          modelFamily: 'Veretos',
          drivers: [
            {
              id: 'DRV-VX12',
              name: 'VX12 dock firmware',
              category: 'Firmware',
              os: 'Any',
              version: '2.4.1',
              releaseDate: '2026-02-14',
              releaseNotes: '',
              fileName: 'vx12-dock-2.4.1.zip',
              size: 10,
              sha256: '00',
              downloadUrl: '/account-mgr/drivers/DRV-VX12/download',
            },
          ],
        },
        { model: 'RL14', modelFamily: 'Ranger', drivers: [{ id: 'DRV-RL14', name: 'RL14 chipset driver' }] },
      ]),
      downloadDriver: jest.fn(async () => new Blob(['PK'])),
    },
    repair: {
      ...makeApi().repair,
      repairFormSelections: jest.fn(async () => [
        { name: 'Memory', options: [{ name: '32 GB memory', price: { cents: 24900, currency: 'USD' }, tip: '' }] },
        { name: 'Battery', options: [{ name: 'Extended battery', price: { cents: 12900, currency: 'USD' }, tip: '' }] },
      ]),
    },
  };
}

export type InventoryApi = ReturnType<typeof inventoryApi>;
