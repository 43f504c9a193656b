// Test support for the parts pages: a fake parts API, sessions (signed in with chosen
// permissions, signed out), carts put in localStorage, and for the inventory pages an inventory
// served by a fake HTTP client that applies the API's filters and pages, with the drivers and
// upgrade calls the profile makes. Imported by tests only.
import type { ReactElement } from 'react';
import { render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider, type RouteObject } from 'react-router';
import { ApiError, INVENTORY_PATH, type Country, type InventoryUnit, type Me, type Money, type OrderLineInput, type Part, type PartsOrder, type PartsOrderKind, type PriceResult, type PricedLine, type Query, type State, type UnitProfile, type VerifySerialResult } from '@portal/api-client';
import { SessionProvider, type Session, type SessionState } from '@portal/auth';
import { PortalThemeProvider } from '@portal/ui';
import { profile, sessionWith, unit as registryUnit } from '@portal/forms/testing';
import { CART_KEYS, serializeCart, type CartItem, type CartKind } from '../cart/model';

export const usd = (cents: number): Money => ({ cents, currency: 'USD' });

const CATALOGUE: Record<string, { description: string; cents: number; discontinued?: boolean; image: string; high?: boolean; model: string }> = {
  'RL14-BAT-STD': { description: 'RL14 standard battery, hot-swappable', cents: 12900, image: '/assets/parts/battery.svg', model: 'RL14' },
  'RL14-CHG-AC': { description: 'RL14 AC adapter with region power cord', cents: 8900, image: '/assets/parts/charger.svg', model: 'RL14' },
  'VX12-BAT-STD': { description: 'VX12 body-worn camera battery, 12 h', cents: 8900, image: '/assets/parts/video-battery.svg', model: 'VX12' },
  'VX12-DOCK-8': { description: 'VX12 8-bay charging and evidence upload dock', cents: 189900, image: '/assets/parts/video-dock.svg', high: true, model: 'VX12' },
  'VX12-MNT-HELM': { description: 'VX12 helmet mount (discontinued)', cents: 5900, image: '/assets/parts/video-mount.svg', discontinued: true, model: 'VX12' },
};

export function part(pn: string): Part {
  const p = CATALOGUE[pn]!;
  return {
    partNumber: pn,
    description: p.description,
    fits: [{ model: p.model, family: p.model === 'VX12' ? 'Veretos' : 'Ranger' }],
    price: usd(p.cents),
    availability: p.discontinued ? 'DISCONTINUED' : 'IN_STOCK',
    discontinued: Boolean(p.discontinued),
    imagePath: p.image,
    isHighValue: Boolean(p.high),
    videoOnly: p.model === 'VX12',
  };
}

/**
 * The price endpoint's rules over the little catalogue above, as the contract states them; a
 * parts order's pricing refuses the body-worn camera parts (VX12), which only the video order takes.
 */
export function priceOf(lines: OrderLineInput[], kind?: PartsOrderKind): PriceResult {
  const priced: PricedLine[] = [];
  const problems: PriceResult['problems'] = [];
  lines.forEach((line, index) => {
    const p = CATALOGUE[line.partNumber];
    if (!p) problems.push({ index, partNumber: line.partNumber, code: 'parts.unknownPart', message: `Part ${line.partNumber} was not found.` });
    else if (p.discontinued)
      problems.push({ index, partNumber: line.partNumber, code: 'parts.discontinued', message: `Part ${line.partNumber} is no longer sold.` });
    else if (!Number.isInteger(line.quantity) || line.quantity < 1 || line.quantity > 999)
      problems.push({ index, partNumber: line.partNumber, code: 'parts.badQuantity', message: 'Quantity must be a whole number from 1 to 999.' });
    else if (kind === 'parts' && p.model === 'VX12')
      problems.push({ index, partNumber: line.partNumber, code: 'parts.videoOnly', message: videoOnlyMessage(line.partNumber) });
    else
      priced.push({
        partNumber: line.partNumber,
        description: p.description,
        quantity: line.quantity,
        unitPrice: usd(p.cents),
        lineTotal: usd(p.cents * line.quantity),
        availability: 'IN_STOCK',
        imagePath: p.image,
        isHighValue: Boolean(p.high),
        model: line.model ?? '',
        serials: line.serials ?? [],
      });
  });
  return { lines: priced, total: usd(priced.reduce((sum, l) => sum + l.lineTotal.cents, 0)), problems };
}

/** The server's refusal of a body-worn camera part on a parts order (parts.MsgVideoOnly). */
export const videoOnlyMessage = (pn: string) => `Part ${pn} is a body-worn camera part: order it through Order video parts.`;

export const countries: Country[] = [{ name: 'United States', countryCode: 'US', geonameId: 6252001 }];
const usStates: State[] = [{ name: 'Texas', stateCode: 'TX', geonameId: 4736286, apo: false }];

export function makeApi() {
  return {
    parts: {
      searchParts: jest.fn(async (search: { model?: string }) => {
        const items = Object.keys(CATALOGUE)
          .map(part)
          .filter((p) => !search.model || p.fits.some((f) => f.model === search.model));
        return { items, total: items.length, page: 1, itemsPerPage: 100 };
      }),
      price: jest.fn(async (lines: OrderLineInput[], options?: { kind?: PartsOrderKind }) => priceOf(lines, options?.kind)),
      createOrder: jest.fn(async () => ({
        rmaBatchId: 'PB-100001',
        status: 'AWAITING_PAYMENT' as const,
        total: usd(25800),
        paymentUrl: 'https://paypal.test/checkoutnow?token=ORDER-1',
      })),
      processOrder: jest.fn(async ({ rmaBatchId }: { rmaBatchId: string }) => ({ rmaBatchId, status: 'PLACED', total: usd(25800), lines: [] as OrderLineInput[] })),
      cancelOrder: jest.fn(async (rmaBatchId: string) => ({ rmaBatchId, status: 'CANCELLED', total: usd(25800) })),
      awaitingPayment: jest.fn(async (_kind: PartsOrderKind): Promise<PartsOrder[]> => []),
      payOrder: jest.fn(async (rmaBatchId: string) => ({
        rmaBatchId,
        status: 'AWAITING_PAYMENT' as const,
        total: usd(25800),
        paymentUrl: 'https://paypal.test/checkoutnow?token=ORDER-1',
      })),
      videoSerials: jest.fn(async () => [
        { serial: 'VT10000007', model: 'VX12', modelFamily: 'Veretos' },
        { serial: 'VT10000008', model: 'VX12', modelFamily: 'Veretos' },
      ]),
    },
    repair: {
      paymentOptions: jest.fn(async () => ({ methods: ['PayPal' as const], defaultMethod: 'PayPal' as const, poReleaseRequired: false, discountPercent: 0 })),
    },
    locations: {
      countries: jest.fn(async () => countries),
      states: jest.fn(async (id: number) => (id === 6252001 ? usStates : [])),
      cities: jest.fn(async () => []),
    },
    uploads: {
      uploadPurchaseOrder: jest.fn(async (file: File) => [{ fileId: `po/${file.name}`, originalname: file.name }]),
    },
  };
}

export type FakeApi = ReturnType<typeof makeApi>;

/** A signed-in customer holding the given permissions of the portal's client. */
export function signedIn(api: FakeApi, permissions: string[]): Session {
  const me: Me = { ...profile, roles: ['service-portal:customer', ...permissions.map((p) => `service-portal:${p}`)] };
  return sessionWith(api as never, me);
}

export function signedOut(api: FakeApi): Session & { signIn: jest.Mock } {
  const state: SessionState = { status: 'signed-out' };
  return {
    api,
    clientId: 'service-portal',
    getState: () => state,
    subscribe: () => () => undefined,
    signIn: jest.fn(),
  } as unknown as Session & { signIn: jest.Mock };
}

export function putCart(kind: CartKind, items: CartItem[]): void {
  localStorage.setItem(CART_KEYS[kind], serializeCart(kind, items));
}

export function storedCart(kind: CartKind): unknown {
  return JSON.parse(localStorage.getItem(CART_KEYS[kind]) ?? 'null');
}

export function cartItem(pn: string, quantity: number, extra: Partial<CartItem> = {}): CartItem {
  const p = part(pn);
  return {
    pn,
    quantity,
    partSpec: p.description,
    imgUrl: p.imagePath,
    model: '',
    serials: [],
    storeDate: '2026-11-23T18:00:00.000Z',
    isHighValue: p.isHighValue,
    ...extra,
  };
}

/** The pages the parts pages lead to, as headings a test can wait for. */
export const routes: RouteObject[] = [
  { path: '/parts-order', element: <h1>Order parts page</h1> },
  { path: '/parts-order/cart', element: <h1>Parts cart page</h1> },
  { path: '/video-parts-order/cart', element: <h1>Video cart page</h1> },
  { path: '/your-account/parts-orders-history', element: <h1>History page</h1> },
];

/** The page at url (search included) in a data router, with theme and session, and the pages it leads to. */
export function renderPage(element: ReactElement, options: { path: string; url: string; session: Session; state?: unknown; extra?: RouteObject[] }) {
  const url = new URL(options.url, 'http://portal.test');
  const router = createMemoryRouter(
    [
      { path: '/', element: <h1>Home</h1> },
      ...(options.extra ?? []),
      ...routes.filter((r) => r.path !== options.path),
      { path: options.path, element },
    ],
    { initialEntries: [{ pathname: url.pathname, search: url.search, state: options.state }] },
  );
  const view = render(
    <PortalThemeProvider>
      <SessionProvider session={options.session}>
        <RouterProvider router={router} />
      </SessionProvider>
    </PortalThemeProvider>,
  );
  return { ...view, router };
}

// ---- Inventory (sm-inventory, sm-inventory-profile) ----------------------------------------------

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
  const base = makeApi();
  return {
    ...base,
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
      ...base.repair,
      // The serial check a unit's profile makes before it offers an upgrade: the registry's facts
      // of each profiled unit, as verify-serial answers them.
      verifySerial: jest.fn(async (serial: string): Promise<VerifySerialResult> => {
        const held = profiles[serial];
        if (!held) return { kind: '404' };
        const eos = held.warrantyState === 'END_OF_SERVICE';
        const facts = { serial, model: held.model, iw: held.warrantyState === 'IN_WARRANTY', isEOS: eos, rmaExists: held.openRma !== null };
        return { kind: 'found', unit: registryUnit(facts) };
      }),
      repairFormSelections: jest.fn(async () => [
        { name: 'Memory', options: [{ name: '32 GB memory', price: { cents: 24900, currency: 'USD' }, tip: '' }] },
        { name: 'Battery', options: [{ name: 'Extended battery', price: { cents: 12900, currency: 'USD' }, tip: '' }] },
      ]),
    },
  };
}

export type InventoryApi = ReturnType<typeof inventoryApi>;
