import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ApiError, type Country, type Me, type RecyclePayload, type Unit } from '@portal/api-client';
import { SERIAL_CHECK_DEBOUNCE_MS } from '@portal/forms/units';
import { profile, renderRoute, sessionWith } from '@portal/forms/testing';
import { RecycleUnitPage } from './Page';
import { buildRecyclePayload } from './model/payload';
import { canRecycle, consentGiven, noConsent } from './model/flow';

const countries: Country[] = [{ name: 'United States', countryCode: 'US', geonameId: 6252001 }];

const oowUnit: Unit = {
  serial: 'RT10000002',
  model: 'RL14',
  modelFamily: 'Ranger',
  pn: 'RL14-G2-16',
  productType: 'LAPTOP',
  iw: false,
  allowOow: false,
  allowedRepairType: ['STANDARD'],
  rmaExists: false,
  endDeviceWarranty: '2020-06-30',
  warrantyType: 'STANDARD',
  isEOS: false,
  validForNewRma: true,
  cardState: 'out-of-warranty',
};

beforeEach(() => {
  jest.useFakeTimers();
  URL.createObjectURL = jest.fn(() => 'blob:http://portal.test/doc');
  URL.revokeObjectURL = jest.fn();
});
afterEach(() => jest.useRealTimers());

function setup({ unit = oowUnit, me = profile, create }: { unit?: Unit; me?: Me; create?: jest.Mock } = {}) {
  const api = {
    repair: {
      verifySerial: jest.fn(async (serial: string) => ({ kind: 'found' as const, unit: { ...unit, serial } })),
      prefetchedSerial: () => undefined,
    },
    recycle: {
      createRecycle:
        create ??
        jest.fn(async (_p: RecyclePayload) => ({ rmaNumber: 'RMA-200001', label: '/shipping/documents/l1', commercialInvoice: '/shipping/documents/i1' })),
    },
    identity: { me: jest.fn() },
    locations: {
      countries: jest.fn(async () => countries),
      states: jest.fn(async () => [{ name: 'Texas', stateCode: 'TX', geonameId: 4736286, apo: false }]),
      cities: jest.fn(async () => []),
    },
    shipping: { document: jest.fn(async () => new Blob(['%PDF'], { type: 'application/pdf' })) },
  };
  const user = userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
  const view = renderRoute(<RecycleUnitPage />, {
    routes: [{ path: '/create-rma/:serial?', element: <h1>Create RMA</h1> }],
    path: '/recycle-unit/:serial?',
    url: `/recycle-unit/${unit.serial}`,
    session: sessionWith(api, me),
    loader: () => ({ countries }),
  });
  return { api, user, ...view };
}

async function settle() {
  await act(async () => {
    jest.advanceTimersByTime(SERIAL_CHECK_DEBOUNCE_MS);
  });
}

type User = ReturnType<typeof userEvent.setup>;

async function giveConsent(user: User) {
  await settle();
  await user.click(await screen.findByRole('checkbox', { name: /I own this unit/ }));
  await user.click(screen.getByRole('checkbox', { name: /storage in the unit will be erased/ }));
  await user.click(screen.getByRole('checkbox', { name: /ownership of the unit passes/ }));
  await user.click(screen.getByRole('radio', { name: 'Yes' }));
}

async function toConfirm(user: User) {
  await giveConsent(user);
  await user.click(screen.getByRole('button', { name: 'Continue' }));
  await screen.findByRole('form', { name: 'Contact Info' });
  await screen.findByRole('option', { name: 'Texas' });
  await user.click(screen.getByRole('button', { name: 'Continue' }));
  await screen.findByRole('form', { name: 'Request to Recycle Summary' });
}

async function confirmAll(user: User) {
  await user.click(screen.getByRole('checkbox', { name: 'I am recycling my unit.' }));
  await user.click(screen.getByRole('checkbox', { name: "I understand my unit won't be returned once it's shipped." }));
  await user.click(screen.getByRole('checkbox', { name: 'I confirm the above information is accurate.' }));
}

describe('recycle model', () => {
  it('needs every agreement and a Yes', () => {
    expect(consentGiven(noConsent)).toBe(false);
    expect(consentGiven({ eligibility: true, dataNotice: true, liability: true, consent: 'no' })).toBe(false);
    expect(consentGiven({ eligibility: true, dataNotice: true, liability: false, consent: 'yes' })).toBe(false);
    expect(consentGiven({ eligibility: true, dataNotice: true, liability: true, consent: 'yes' })).toBe(true);
  });

  it('allows recycling only out of warranty', () => {
    expect(canRecycle({ iw: true, rmaExists: false, allowOow: false })).toBe(false);
    expect(canRecycle({ iw: false, rmaExists: false, allowOow: false })).toBe(true);
    expect(canRecycle({ iw: false, rmaExists: true, allowOow: false })).toBe(false);
    expect(canRecycle({ iw: false, rmaExists: true, allowOow: true })).toBe(true);
    expect(canRecycle(null)).toBe(false);
  });

  it('trims every string, fixes RECYCLE and the packaging, and sends override only when given', () => {
    const payload = buildRecyclePayload({
      serial: ' RT10000002 ',
      userId: 'u1',
      contact: { firstName: ' Casey ', lastName: 'Morgan ', email: ' c@x.io ', phone: '+15125550142', phoneCountryCode: 'US', company: ' ', position: '' },
      address: { line1: ' 1 Main St ', line2: '', city: ' Austin', state: 'TX ', country: 'US', postalCode: ' 78701 ' },
      override: null,
    });
    expect(payload.serial).toBe('RT10000002');
    expect(payload.rmaInput).toMatchObject({ rmaType: 'RECYCLE', primaryFault: 'RECYCLE', problem: 'RECYCLE', initialNotes: 'RECYCLE', userId: 'u1', attachments: [] });
    expect(payload.contact).toEqual({ firstName: 'Casey', lastName: 'Morgan', email: 'c@x.io', phone: '5125550142', phoneCountryCode: 'US', company: '', position: '' });
    expect(payload.address).toEqual({ line1: '1 Main St', line2: '', city: 'Austin', state: 'TX', country: 'US', postalCode: '78701' });
    expect(payload.packaging).toEqual({ havePackaging: true, requestBox: false, forgoShipping: false });
    expect(payload).not.toHaveProperty('override');
  });
});

describe('recycle-unit wizard', () => {
  it('goes from consent to the label for an out-of-warranty unit', async () => {
    const { user, api } = setup();

    await toConfirm(user);
    expect(screen.queryByRole('region', { name: 'Admin Overrides' })).not.toBeInTheDocument();
    const unitCard = screen.getByRole('region', { name: 'Unit Description' });
    expect(within(unitCard).getByText('RT10000002')).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Your Address' })).toBeInTheDocument();
    await confirmAll(user);
    await user.click(screen.getByRole('button', { name: 'Submit Request to Recycle' }));

    expect(await screen.findByText('Your Recycle request has been processed')).toBeInTheDocument();
    const link = await screen.findByRole('link', { name: 'Download Shipping Label & Commercial Invoice' });
    expect(link).toHaveAttribute('target', '_blank');
    expect(screen.getByRole('heading', { name: 'Recycle# RMA-200001 Summary' })).toBeInTheDocument();
    expect(screen.getByText(/will not be repaired/)).toBeInTheDocument();
    expect(screen.getByText(/emailed to casey@example.com/)).toBeInTheDocument();
    const payload = api.recycle.createRecycle.mock.calls[0]![0] as RecyclePayload;
    expect(payload.rmaInput.userId).toBe('u1');
    expect(payload).not.toHaveProperty('override');
  });

  it('explains an in-warranty unit and links to a repair instead', async () => {
    const { user } = setup({ unit: { ...oowUnit, serial: 'RT10000001', iw: true, cardState: 'warranty' } });
    await settle();

    expect(await screen.findByText('This unit is still under warranty')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Open a repair request for this unit' })).toHaveAttribute('href', '/create-rma/RT10000001');
    expect(screen.queryByRole('checkbox', { name: /I own this unit/ })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Missing Required Fields!');
    expect(screen.getByRole('form', { name: 'Consent' })).toBeInTheDocument();
  });

  it.each([
    ['an open RMA', { rmaExists: true, cardState: 'rma-exists' }],
    ['end of service', { isEOS: true, cardState: 'end-of-service' }],
  ] as const)('offers no repair for an in-warranty unit with %s, which create-rma would refuse', async (_, facts) => {
    setup({ unit: { ...oowUnit, serial: 'RT10000001', iw: true, ...facts } });
    await settle();

    expect(await screen.findByText('This unit is still under warranty')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Open a repair request for this unit' })).not.toBeInTheDocument();
  });

  it('keeps Continue aria-disabled until consent is complete and shows the banner for 4 s', async () => {
    const { user } = setup();
    await settle();
    await user.click(await screen.findByRole('checkbox', { name: /I own this unit/ }));

    const next = screen.getByRole('button', { name: 'Continue' });
    expect(next).toHaveAttribute('aria-disabled', 'true');
    await user.click(next);
    expect(screen.getByRole('alert')).toHaveTextContent('Missing Required Fields!');
    await act(async () => {
      jest.advanceTimersByTime(4000);
    });
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it("shows 'Error Validating Information' on an invalid contact step", async () => {
    const { user } = setup();
    await giveConsent(user);
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    await screen.findByRole('form', { name: 'Contact Info' });
    await user.clear(screen.getByRole('textbox', { name: 'First Name' }));
    await user.click(screen.getByRole('button', { name: 'Continue' }));

    expect(screen.getByRole('alert')).toHaveTextContent('Error Validating Information');
    expect(screen.getByRole('form', { name: 'Contact Info' })).toBeInTheDocument();
  });

  it('edits the contact from the summary and comes back', async () => {
    const { user } = setup();
    await toConfirm(user);
    await user.click(screen.getByRole('button', { name: 'Edit Contact Information' }));
    expect(await screen.findByRole('form', { name: 'Contact Info' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Back' }));
    expect(await screen.findByRole('form', { name: 'Consent' })).toBeInTheDocument();
  });

  it("needs all three confirmations: 'Missing Required Fields!'", async () => {
    const { user, api } = setup();
    await toConfirm(user);
    await user.click(screen.getByRole('checkbox', { name: 'I am recycling my unit.' }));
    await user.click(screen.getByRole('button', { name: 'Submit Request to Recycle' }));

    expect(screen.getByRole('alert')).toHaveTextContent('Missing Required Fields!');
    expect(api.recycle.createRecycle).not.toHaveBeenCalled();
  });

  it('stays on confirm with the recycle error when the server refuses', async () => {
    const create = jest.fn(async () => {
      throw new ApiError(409, { error: 'rma.inWarranty', message: 'This unit is still in warranty.' });
    });
    const { user } = setup({ create });
    await toConfirm(user);
    await confirmAll(user);
    await user.click(screen.getByRole('button', { name: 'Submit Request to Recycle' }));

    expect(
      await screen.findByText('Error Creating RMA: Please Confirm you info and try again. If the problem persists, reach out to tech support'),
    ).toBeInTheDocument();
    expect(screen.getByRole('form', { name: 'Request to Recycle Summary' })).toBeInTheDocument();
  });

  it('shows Admin Overrides to override users and sends their choice', async () => {
    const { user, api } = setup({ me: { ...profile, roles: [...profile.roles, 'service-portal:service:admin:rma:override:oow'] } });
    await toConfirm(user);

    const card = screen.getByRole('region', { name: 'Admin Overrides' });
    expect(within(card).getByRole('combobox', { name: 'Destination TPM' })).toHaveValue('DEPOT-RR');
    await user.selectOptions(within(card).getByRole('combobox', { name: 'RMA Type' }), 'Recycle with credit');
    await user.selectOptions(within(card).getByRole('combobox', { name: 'Destination TPM' }), 'GreenLoop Recovery — Reno, NV');
    await confirmAll(user);
    await user.click(screen.getByRole('button', { name: 'Submit Request to Recycle' }));

    await screen.findByText('Your Recycle request has been processed');
    expect(api.recycle.createRecycle.mock.calls[0]![0]).toMatchObject({ override: { rmaType: 'RECYCLE_CREDIT', tpm: 'GREENLOOP-RNO' } });
  });

  it("says 'Recycle Request has not been created' without a label", async () => {
    const { user } = setup({ create: jest.fn(async () => ({ rmaNumber: '', label: null, commercialInvoice: null })) });
    await toConfirm(user);
    await confirmAll(user);
    await user.click(screen.getByRole('button', { name: 'Submit Request to Recycle' }));

    expect(await screen.findByText('Recycle Request has not been created')).toBeInTheDocument();
  });

  it('asks before leaving an unfinished request', async () => {
    const { user, router } = setup();
    await settle();
    await act(async () => {
      await router.navigate('/');
    });
    expect(screen.getByText('Do you really want to leave? You have unsaved changes..')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Stay' }));
  });
});
