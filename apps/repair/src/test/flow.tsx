import type { ReactElement } from 'react';
import { act, render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { SessionProvider } from '@portal/auth';
import { PortalThemeProvider } from '@portal/ui';
import userEvent from '@testing-library/user-event';
import type {
  Branches,
  CreateOowPayload,
  CreateOowResult,
  PaymentOptions,
  POFile,
  ProcessOowInput,
  Country,
  CreateRmaPayload,
  CreateRmaResult,
  Me,
  Money,
  PendingRmaPayment,
  RepairSelection,
  ShippingOffice,
  State,
  Unit,
  UploadedFile,
  UploadProgressOptions,
} from '@portal/api-client';
import { CreateRmaPage } from '../features/create-rma/CreateRmaPage';
import { SERIAL_CHECK_DEBOUNCE_MS } from '@portal/forms/units';
import { profile, sessionWith, warrantyUnit, type RouteOptions } from '@portal/forms/testing';

/** rma-confirm-quote: the one page the leave warning lets the stepper go to. */
export const confirmQuoteRoute = { path: '/create-rma/:serial?/confirm-quote', element: <h1>Confirm quote</h1> };

/** canceled: where a cancelled payment ends. */
export const canceledRoute = { path: '/canceled', element: <h1>Canceled</h1> };

export const countries: Country[] = [
  { name: 'Canada', countryCode: 'CA', geonameId: 6251999 },
  { name: 'Germany', countryCode: 'DE', geonameId: 2921044 },
  { name: 'Guam', countryCode: 'GU', geonameId: 4043988 },
  { name: 'United States', countryCode: 'US', geonameId: 6252001 },
];

export const usStates: State[] = [
  { name: 'Armed Forces Europe', stateCode: 'AE', geonameId: 9000002, apo: true },
  { name: 'Texas', stateCode: 'TX', geonameId: 4736286, apo: false },
];

const usd = (cents: number): Money => ({ cents, currency: 'USD' });

export const selections: RepairSelection[] = [
  {
    name: 'Display',
    options: [
      { name: 'Cracked screen', price: usd(28900), tip: 'Photograph the crack with the screen on.' },
      { name: 'Dead pixels', price: usd(14950), tip: '' },
    ],
  },
  { name: 'Power', options: [{ name: 'Does not charge', price: usd(12000), tip: 'Try another adapter first.' }] },
];

export const office: ShippingOffice = {
  id: 'o1',
  name: 'Congress Ave Shipping Point',
  line1: '200 Congress Ave',
  city: 'Austin',
  state: 'TX',
  postalCode: '78701',
  country: 'US',
  distanceMiles: 0.4,
  hours: 'Mon-Fri 8-18',
  lat: 30.26,
  lng: -97.74,
};

export const created: CreateRmaResult = {
  rmaNumber: 'RMA-100418',
  label: '/shipping/documents/label-1',
  commercialInvoice: null,
  shippingError: null,
};

/** A plain customer's payment options: card only, no discount. */
export const paymentOptions: PaymentOptions = { methods: ['PayPal'], defaultMethod: 'PayPal', poReleaseRequired: false, discountPercent: 0 };
/** A PO holder whose domain needs a release number, with a 10 % discount (olivia). */
export const poOptions: PaymentOptions = { methods: ['PayPal', 'PO'], defaultMethod: 'PO', poReleaseRequired: true, discountPercent: 10 };

export interface FlowSetup {
  unit?: Unit;
  options?: RepairSelection[];
  me?: Me;
  url?: string;
  state?: unknown;
  applyAccept?: boolean;
}

/** The whole create-rma page with a fake API, fake timers and the host's countries loader. */
export function setupFlow({
  unit = warrantyUnit,
  options = selections,
  me = profile,
  url = '/create-rma/RT10000001',
  state,
  applyAccept,
  payment = paymentOptions,
  page = <CreateRmaPage />,
  path = '/create-rma/:serial?',
  routes = [confirmQuoteRoute, canceledRoute],
}: FlowSetup & { payment?: PaymentOptions; page?: ReactElement; path?: string; routes?: RouteOptions['routes'] } = {}) {
  const api = {
    repair: {
      verifySerial: jest.fn(async (serial: string) => ({ kind: 'found' as const, unit: { ...unit, serial } })),
      prefetchedSerial: () => undefined,
      repairFormSelections: jest.fn(async () => options),
      createRma: jest.fn(async (_payload: CreateRmaPayload, _key: string) => created),
      paymentOptions: jest.fn(async (): Promise<PaymentOptions> => payment),
      createOowRma: jest.fn(
        async (_payload: CreateOowPayload, _key: string): Promise<CreateOowResult> => ({
          rmaNumber: 'RMA-100420',
          quoteId: 'QT-ABCDEFGHJKLM',
          paymentUrl: 'https://paypal.test/checkoutnow?token=ORDER-1',
          quoteData: null,
        }),
      ),
      processOow: jest.fn(async (input: ProcessOowInput): Promise<CreateRmaResult> => ({ ...created, rmaNumber: input.rmaNumber })),
      cancelRma: jest.fn(async (rmaNumber: string) => ({ rmaNumber, status: 'CANCELLED' })),
      awaitingPayment: jest.fn(async (_serial: string): Promise<PendingRmaPayment | null> => null),
      payRma: jest.fn(async (rmaNumber: string) => ({ rmaNumber, quoteId: 'QT-ABCDEFGHJKLM', paymentUrl: 'https://paypal.test/checkoutnow?token=ORDER-1' })),
    },
    payments: {
      quoteDetails: jest.fn(),
    },
    identity: { me: jest.fn() },
    accountManager: {
      branches: jest.fn(async (): Promise<Branches> => ({ organization: me.org?.name ?? '', branches: [] })),
    },
    locations: {
      countries: jest.fn(async () => countries),
      states: jest.fn(async (id: number) => (id === 6252001 ? usStates : [])),
      cities: jest.fn(async (_id: number, _apo: boolean) => [{ name: 'APO' }, { name: 'FPO' }, { name: 'DPO' }]),
    },
    uploads: {
      uploadRmaAttachments: jest.fn(async (files: readonly File[], opts?: UploadProgressOptions): Promise<UploadedFile[]> => {
        opts?.onProgress?.(1);
        return files.map((f) => ({ originalname: f.name, bucketFileName: `rma/${f.name}`, cancellable: true }));
      }),
      removeRmaAttachment: jest.fn(async (_name: string) => undefined),
      uploadPurchaseOrder: jest.fn(async (file: File, opts?: UploadProgressOptions): Promise<POFile[]> => {
        opts?.onProgress?.(1);
        return [{ fileId: `po/${file.name}`, originalname: file.name }];
      }),
    },
    shipping: {
      offices: jest.fn(async () => [office]),
      document: jest.fn(async (_path: string) => new Blob(['%PDF-1.7'], { type: 'application/pdf' })),
    },
  };
  const user = userEvent.setup({ advanceTimers: jest.advanceTimersByTime, applyAccept });
  const view = renderAt(page, {
    routes,
    path,
    url,
    state,
    session: sessionWith(api, me),
    loader: () => ({ countries }),
  });
  return { api, user, ...view };
}

/**
 * Renders a page at `url` (path, and query string when given) in a data router with theme and
 * session, as renderRoute does, so pages that read their query can be tested.
 */
export function renderAt(element: ReactElement, { path, url, session, state, loader, routes = [] }: RouteOptions) {
  const [pathname = '/', search = ''] = url.split('?');
  const router = createMemoryRouter(
    [{ path: '/', element: <h1>Home</h1> }, ...routes, { path, element, loader, hydrateFallbackElement: <p>Loading..</p> }],
    { initialEntries: [{ pathname, search: search ? `?${search}` : '', state }] },
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

/** Lets the serial check's debounce pass and the fake API answer. */
export async function settle(ms = SERIAL_CHECK_DEBOUNCE_MS) {
  await act(async () => {
    jest.advanceTimersByTime(ms);
  });
}

export function image(name = 'crack.jpg', type = 'image/jpeg', size = 1024) {
  const file = new File(['x'], name, { type });
  Object.defineProperty(file, 'size', { value: size });
  return file;
}

type User = ReturnType<typeof userEvent.setup>;

/** Fills step 1 with what is required and returns when Continue would go on. */
export async function completeProblemStep(user: User, { fault = true } = {}) {
  await screen.findByRole('combobox', { name: 'Primary Fault' });
  if (fault) await user.selectOptions(screen.getByRole('combobox', { name: 'Primary Fault' }), 'Display');
  await user.selectOptions(screen.getByRole('combobox', { name: 'Problem' }), 'Cracked screen');
  await user.type(screen.getByRole('textbox', { name: 'Service Request Notes' }), 'Dropped on concrete');
  await user.click(screen.getByRole('checkbox', { name: /backed up the data/ }));
  await user.upload(screen.getByLabelText('Add photos or videos'), image());
  await screen.findByRole('button', { name: 'Remove crack.jpg' });
}

/** Clicks Continue and waits for the next step's form (its code arrives lazily). */
export async function continueTo(user: User, title: string) {
  await user.click(screen.getByRole('button', { name: 'Continue' }));
  return screen.findByRole('form', { name: title });
}

/** From the page's first render to the confirm step, with the profile's contact and address. */
export async function reachConfirm(user: User, choice: RegExp | null = /I have a box/) {
  await screen.findByRole('textbox', { name: 'Serial Number' });
  await settle();
  await completeProblemStep(user);
  await continueTo(user, 'Contact Info');
  await screen.findByRole('option', { name: 'Texas' });
  await continueTo(user, 'Packaging & Shipping');
  if (choice) await user.click(screen.getByRole('radio', { name: choice }));
  await continueTo(user, 'Confirm RMA');
}
