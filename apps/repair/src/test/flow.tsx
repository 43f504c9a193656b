import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type {
  Country,
  CreateRmaPayload,
  CreateRmaResult,
  Me,
  Money,
  RepairSelection,
  ShippingOffice,
  State,
  Unit,
  UploadedFile,
  UploadProgressOptions,
} from '@portal/api-client';
import { CreateRmaPage } from '../features/create-rma/Page';
import { SERIAL_CHECK_DEBOUNCE_MS } from '@portal/forms/units';
import { profile, renderRoute, sessionWith, warrantyUnit } from '@portal/forms/testing';

/** rma-confirm-quote: the one page the leave warning lets the stepper go to. */
export const confirmQuoteRoute = { path: '/create-rma/:serial?/confirm-quote', element: <h1>Confirm quote</h1> };

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

export interface FlowSetup {
  unit?: Unit;
  options?: RepairSelection[];
  me?: Me;
  url?: string;
  state?: unknown;
  applyAccept?: boolean;
}

/** The whole create-rma page with a fake API, fake timers and the host's countries loader. */
export function setupFlow({ unit = warrantyUnit, options = selections, me = profile, url = '/create-rma/RT10000001', state, applyAccept }: FlowSetup = {}) {
  const api = {
    repair: {
      verifySerial: jest.fn(async (serial: string) => ({ kind: 'found' as const, unit: { ...unit, serial } })),
      repairFormSelections: jest.fn(async () => options),
      createRma: jest.fn(async (_payload: CreateRmaPayload, _key: string) => created),
    },
    identity: { me: jest.fn() },
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
    },
    shipping: {
      offices: jest.fn(async () => [office]),
      document: jest.fn(async (_path: string) => new Blob(['%PDF-1.7'], { type: 'application/pdf' })),
    },
  };
  const user = userEvent.setup({ advanceTimers: jest.advanceTimersByTime, applyAccept });
  const view = renderRoute(<CreateRmaPage />, {
    routes: [confirmQuoteRoute],
    path: '/create-rma/:serial?',
    url,
    state,
    session: sessionWith(api, me),
    loader: () => ({ countries }),
  });
  return { api, user, ...view };
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
