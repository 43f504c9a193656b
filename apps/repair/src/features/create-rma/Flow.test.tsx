import { act, render, screen, within } from '@testing-library/react';
import { ApiError } from '@portal/api-client';
import { PortalThemeProvider } from '@portal/ui';
import { SessionProvider } from '@portal/auth';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { completeProblemStep, continueTo, created, office, reachConfirm, settle, setupFlow } from '../../test/flow';
import { profile, sessionWith, unit } from '@portal/forms/testing';
import { DownloadStep } from './steps/DownloadStep';
import { emptyProblem } from './model/problem';
import { emptyAddress, emptyContact } from '@portal/forms';

beforeEach(() => {
  jest.useFakeTimers();
  URL.createObjectURL = jest.fn(() => 'blob:http://portal.test/doc');
  URL.revokeObjectURL = jest.fn();
});
afterEach(() => jest.useRealTimers());

type Flow = ReturnType<typeof setupFlow>;

async function submit(user: Flow['user']) {
  await user.click(screen.getByRole('checkbox', { name: 'I confirm the above information is accurate' }));
  await user.click(screen.getByRole('button', { name: 'Submit RMA' }));
}

async function toContact(flow: Flow) {
  await screen.findByRole('textbox', { name: 'Serial Number' });
  await settle();
  await completeProblemStep(flow.user);
  await continueTo(flow.user, 'Contact Info');
  await screen.findByRole('option', { name: 'Texas' });
}

async function toPackagingWithCountry(flow: Flow, country: string, state = '') {
  await toContact(flow);
  await flow.user.selectOptions(screen.getByRole('combobox', { name: 'Country' }), country);
  if (state) await flow.user.selectOptions(await screen.findByRole('combobox', { name: 'State / Province' }), state);
  return continueTo(flow.user, 'Packaging & Shipping');
}

describe('create-rma stepper: the whole way', () => {
  it('goes from the problem to the label for an in-warranty unit', async () => {
    const { user, api } = setupFlow();

    await reachConfirm(user);
    await submit(user);

    expect(await screen.findByText('Your RMA RMA-100418 has been created.')).toBeInTheDocument();
    const label = await screen.findByRole('link', { name: 'Download Shipping Label' });
    expect(label).toHaveAttribute('href', 'blob:http://portal.test/doc');
    expect(label).toHaveAttribute('target', '_blank');
    expect(label).toHaveAttribute('rel', 'noopener');
    expect(api.shipping.document).toHaveBeenCalledWith('/shipping/documents/label-1', expect.anything());
    expect(screen.queryByRole('link', { name: 'Download Commercial Invoice' })).not.toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'RMA# RMA-100418 Summary' })).toBeInTheDocument();

    const [payload, key] = api.repair.createRma.mock.calls[0]!;
    expect(key).toMatch(/^[0-9a-f-]{36}$/);
    expect(payload).toEqual({
      serial: 'RT10000001',
      rmaInput: {
        rmaType: 'REPAIR',
        primaryFault: 'Display',
        problem: 'Cracked screen',
        initialNotes: 'Dropped on concrete',
        permissions: {
          reimage: false,
          biosFirmware: false,
          userId: '',
          userPassword: '',
          biosPassword: '',
          hasDeviceData: false,
          acknowledgeClickWrapAgreement: false,
          acknowledgeHddBackup: true,
        },
        acc: { acPower: false, storage: false, hardCase: false, battery: false },
        customerReference: '',
        assetTag: '',
        attachments: ['rma/crack.jpg'],
      },
      address: { line1: '100 Congress Ave', line2: '', city: 'Austin', state: 'TX', country: 'US', postalCode: '78701' },
      contact: {
        firstName: 'Casey',
        lastName: 'Morgan',
        email: 'casey@example.com',
        phone: '5125550142',
        phoneCountryCode: 'US',
        company: 'Morgan Field Services',
        position: 'Technician',
      },
      packaging: { havePackaging: true, requestBox: false, forgoShipping: false },
    });
  });

  it('resets everything to step 1 with a new service request', async () => {
    const { user, router } = setupFlow();
    await reachConfirm(user);
    await submit(user);

    await user.click(await screen.findByRole('button', { name: 'Need to Create a new Service Request?' }));

    expect(await screen.findByRole('form', { name: 'Problem Description' })).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Serial Number' })).toHaveValue('');
    expect(router.state.location.pathname).toBe('/create-rma');
    expect(within(screen.getByRole('navigation', { name: 'Create RMA steps' })).getAllByRole('listitem')[0]).toHaveAttribute('aria-current', 'step');
  });
});

describe('create-rma stepper: contact step', () => {
  it('prefills the contact and address from the profile, with Back to step 1', async () => {
    const flow = setupFlow();
    await toContact(flow);

    expect(screen.getByRole('textbox', { name: 'First Name' })).toHaveValue('Casey');
    expect(screen.getByRole('textbox', { name: 'Phone' })).toHaveValue('(512) 555-0142');
    expect(screen.getByRole('textbox', { name: 'Address Line 1' })).toHaveValue('100 Congress Ave');
    expect(screen.getByRole('combobox', { name: 'State / Province' })).toHaveValue('TX');

    await flow.user.click(screen.getByRole('button', { name: 'Back' }));
    expect(await screen.findByRole('form', { name: 'Problem Description' })).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Service Request Notes' })).toHaveValue('Dropped on concrete');
  });

  it("shows 'Error Validating Information' for 4 s on an invalid Continue", async () => {
    const flow = setupFlow();
    await toContact(flow);

    await flow.user.clear(screen.getByRole('textbox', { name: 'Email' }));
    await flow.user.type(screen.getByRole('textbox', { name: 'Email' }), 'casey@');
    await flow.user.click(screen.getByRole('button', { name: 'Continue' }));

    expect(screen.getByRole('alert')).toHaveTextContent('Error Validating Information');
    expect(screen.getByRole('textbox', { name: 'Email' })).toHaveAccessibleDescription('Must be a valid e-mail address');
    expect(screen.getByRole('form', { name: 'Contact Info' })).toBeInTheDocument();
    await act(async () => jest.advanceTimersByTime(4_000));
    expect(screen.queryByText('Error Validating Information')).not.toBeInTheDocument();
  });
});

describe('create-rma stepper: packaging', () => {
  it('offers label, qr and box for a US address, with nearby offices for qr', async () => {
    const flow = setupFlow();
    await toPackagingWithCountry(flow, 'US');

    const group = await screen.findByRole('group', { name: 'How will you send the unit?' });
    expect(within(group).getAllByRole('radio')).toHaveLength(3);
    await flow.user.click(within(group).getByRole('radio', { name: /retail shipping office/ }));

    expect(await screen.findByText(office.name)).toBeInTheDocument();
    expect(flow.api.shipping.offices).toHaveBeenCalledWith(
      { firstName: 'Casey', lastName: 'Morgan', line1: '100 Congress Ave', line2: '', city: 'Austin', state: 'TX', postalCode: '78701', country: 'US' },
      expect.anything(),
    );
  });

  it('sends box as requestBox', async () => {
    const flow = setupFlow();
    await reachConfirm(flow.user, /Send me a box/);
    await submit(flow.user);

    await screen.findByText('Your RMA RMA-100418 has been created.');
    expect(flow.api.repair.createRma.mock.calls[0]![0].packaging).toEqual({ havePackaging: false, requestBox: true, forgoShipping: false });
    expect(screen.getByText(/allow 3-5 business days/)).toBeInTheDocument();
  });

  it('forces the label for Canada', async () => {
    const flow = setupFlow();
    await toPackagingWithCountry(flow, 'CA');

    expect(await screen.findByText(/Addresses in Canada and military/)).toBeInTheDocument();
    expect(screen.queryByRole('radio')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Continue' })).toHaveAttribute('aria-disabled', 'false');
  });

  it('forces the label for a military (APO) address', async () => {
    const flow = setupFlow();
    await toContact(flow);
    await flow.user.selectOptions(screen.getByRole('combobox', { name: 'State / Province' }), 'AE');
    await flow.user.type(await screen.findByRole('combobox', { name: 'City' }), 'APO');
    await continueTo(flow.user, 'Packaging & Shipping');

    expect(await screen.findByText(/Addresses in Canada and military/)).toBeInTheDocument();
    expect(screen.queryByRole('radio')).not.toBeInTheDocument();
  });

  it('gives an international address no label and tells the user to contact support', async () => {
    const flow = setupFlow();
    await toPackagingWithCountry(flow, 'DE');

    expect(await screen.findByText(/International RMAs get no automatic shipping label/)).toBeInTheDocument();
    expect(screen.queryByRole('radio')).not.toBeInTheDocument();
  });

  it('warns Guam about batteries, in the step and at the top of the stepper', async () => {
    const flow = setupFlow();
    await toPackagingWithCountry(flow, 'GU');

    await screen.findByText(/International RMAs/);
    expect(screen.getAllByText(/remove the batteries/)).toHaveLength(2);
    const stepper = screen.getByRole('navigation', { name: 'Create RMA steps' });
    expect(screen.getAllByText(/remove the batteries/)[0]!.compareDocumentPosition(stepper) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  });

  it('hides the choice for an advance exchange unit', async () => {
    const flow = setupFlow({ unit: unit({ allowedRepairType: ['ADVANCE_EXCHANGE'] }) });
    await toPackagingWithCountry(flow, 'US');

    expect(await screen.findByText(/advance exchange: send it back with the prepaid label/)).toBeInTheDocument();
    expect(screen.queryByRole('radio')).not.toBeInTheDocument();
  });

  it('resets the choice when the address changes', async () => {
    const flow = setupFlow();
    await toPackagingWithCountry(flow, 'US');
    await flow.user.click(await screen.findByRole('radio', { name: /Send me a box/ }));

    await flow.user.click(screen.getByRole('button', { name: 'Back' }));
    await flow.user.type(await screen.findByRole('textbox', { name: 'Address Line 2' }), 'Suite 5');
    await continueTo(flow.user, 'Packaging & Shipping');

    expect(await screen.findByRole('radio', { name: /Send me a box/ })).not.toBeChecked();
    expect(screen.getByRole('button', { name: 'Continue' })).toHaveAttribute('aria-disabled', 'true');
  });
});

describe('create-rma stepper: confirm', () => {
  it.each([
    ['Unit Description', 'Problem Description'],
    ['Problem Description', 'Problem Description'],
    ['Packaging', 'Packaging & Shipping'],
    ['Contact Information', 'Contact Info'],
    ['Shipping Information', 'Contact Info'],
  ])('Edit on %s jumps to %s', async (card, step) => {
    const { user } = setupFlow();
    await reachConfirm(user);

    await user.click(within(screen.getByRole('region', { name: card })).getByRole('button', { name: `Edit ${card}` }));

    expect(await screen.findByRole('form', { name: step })).toBeInTheDocument();
  });

  it("shows 'Missing Required Fields!' for 4 s without the confirmation", async () => {
    const { user, api } = setupFlow();
    await reachConfirm(user);

    await user.click(screen.getByRole('button', { name: 'Submit RMA' }));

    expect(screen.getByRole('alert')).toHaveTextContent('Missing Required Fields!');
    expect(api.repair.createRma).not.toHaveBeenCalled();
    await act(async () => jest.advanceTimersByTime(4_000));
    expect(screen.queryByText('Missing Required Fields!')).not.toBeInTheDocument();
  });

  it('shows a loading state while submitting', async () => {
    const { user, api } = setupFlow();
    let answer: (value: typeof created) => void = () => undefined;
    api.repair.createRma.mockImplementationOnce(() => new Promise((resolve) => (answer = resolve)));
    await reachConfirm(user);

    await submit(user);
    const button = screen.getByRole('button', { name: 'Submit RMA' });
    expect(button).toHaveAttribute('aria-busy', 'true');
    expect(button).toHaveAttribute('aria-disabled', 'true');

    await act(async () => answer(created));
    expect(await screen.findByText('Your RMA RMA-100418 has been created.')).toBeInTheDocument();
  });

  it("shows 'Error Creating RMA: {message}' and keeps the key when the same submission is retried", async () => {
    const { user, api } = setupFlow();
    api.repair.createRma.mockRejectedValueOnce(new ApiError(409, { error: 'rma.notValidForNewRma', message: 'Serial not valid for new RMA' }));
    await reachConfirm(user);

    await submit(user);
    expect(await screen.findByText('Error Creating RMA: Serial not valid for new RMA')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Submit RMA' }));

    await screen.findByText('Your RMA RMA-100418 has been created.');
    const [first, second] = api.repair.createRma.mock.calls;
    expect(second![1]).toBe(first![1]);
  });

  it('uses a new key once the submission changed', async () => {
    const { user, api } = setupFlow();
    api.repair.createRma.mockRejectedValueOnce(new ApiError(502, { error: 'http.502', message: 'Bad Gateway' }));
    await reachConfirm(user);
    await submit(user);
    await screen.findByText('Error Creating RMA: Bad Gateway');

    await user.click(screen.getByRole('button', { name: 'Edit Packaging' }));
    await user.click(await screen.findByRole('radio', { name: /Send me a box/ }));
    await continueTo(user, 'Confirm RMA');
    await user.click(screen.getByRole('button', { name: 'Submit RMA' }));

    await screen.findByText('Your RMA RMA-100418 has been created.');
    const [first, second] = api.repair.createRma.mock.calls;
    expect(second![1]).not.toBe(first![1]);
  });

  it('maps a shipper failure to the address message', async () => {
    const { user, api } = setupFlow();
    api.repair.createRma.mockRejectedValueOnce(new ApiError(422, { error: 'shipping.address', message: 'SHIPPER rejected the address' }));
    await reachConfirm(user);

    await submit(user);

    expect(await screen.findByText('Error validating address, please verify your information and try again.')).toBeInTheDocument();
    expect(screen.queryByText(/Error Creating RMA/)).not.toBeInTheDocument();
  });

  it("shows the server's field errors next to the fields when the step is revisited", async () => {
    const { user, api } = setupFlow();
    api.repair.createRma.mockRejectedValueOnce(
      new ApiError(400, { error: 'validation', message: 'Check the address', fields: { 'address.line1': 'Cannot be a PO box' } }),
    );
    await reachConfirm(user);
    await submit(user);
    await screen.findByText('Error Creating RMA: Check the address');

    await user.click(screen.getByRole('button', { name: 'Edit Shipping Information' }));

    expect(await screen.findByRole('textbox', { name: 'Address Line 1' })).toHaveAccessibleDescription('Cannot be a PO box');
  });

  it('treats a failure with an rmaNumber as created and shows the shipping error', async () => {
    const { user, api } = setupFlow();
    api.repair.createRma.mockResolvedValueOnce({ rmaNumber: 'RMA-100419', label: null, commercialInvoice: null, shippingError: 'Carrier down' });
    await reachConfirm(user);

    await submit(user);

    expect(await screen.findByText('Your RMA RMA-100419 has been created.')).toBeInTheDocument();
    expect(
      screen.getByText(
        "There was a error during shipping label creation. If you don't receive a label via email within 24 hours: please contact service@rugged.example with your rma number, and a label will be provided.",
      ),
    ).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Download Shipping Label' })).not.toBeInTheDocument();
  });

  it('for an out-of-warranty unit without override shows the payment card with Save Quote and Continue to Payment', async () => {
    const { user } = setupFlow({ unit: unit({ iw: false, cardState: 'out-of-warranty' }) });
    await reachConfirm(user);

    const card = screen.getByRole('region', { name: 'Payment' });
    expect(await within(card).findByText('Total: $289.00')).toBeInTheDocument();
    expect(await within(card).findByRole('radiogroup', { name: 'Payment Method' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Save Quote' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Continue to Payment' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Submit RMA' })).not.toBeInTheDocument();
  });

  it('for an out-of-warranty unit with the override shows the override and submits', async () => {
    const { user } = setupFlow({ unit: unit({ iw: false, allowOow: true, cardState: 'out-of-warranty' }) });
    await reachConfirm(user);

    expect(within(screen.getByRole('region', { name: 'Payment' })).getByText(/An override has been applied/)).toBeInTheDocument();
    await submit(user);
    expect(await screen.findByText('Your RMA RMA-100418 has been created.')).toBeInTheDocument();
  });
});

describe('create-rma stepper: download', () => {
  it('offers the commercial invoice and shows an expired label message', async () => {
    const { user, api } = setupFlow();
    api.repair.createRma.mockResolvedValueOnce({ ...created, commercialInvoice: '/shipping/documents/inv-1' });
    api.shipping.document.mockImplementation(async (path: string) => {
      if (path.includes('label')) throw new ApiError(410, { error: 'shipping.labelExpired', message: 'This label has expired.' });
      return new Blob(['%PDF']);
    });
    await reachConfirm(user);
    await submit(user);

    expect(await screen.findByRole('link', { name: 'Download Commercial Invoice' })).toHaveAttribute('target', '_blank');
    expect(await screen.findByText('This label has expired.')).toBeInTheDocument();
  });

  it('tells an international RMA to contact support', async () => {
    const flow = setupFlow();
    await toPackagingWithCountry(flow, 'DE');
    await continueTo(flow.user, 'Confirm RMA');
    await submit(flow.user);

    expect(await screen.findByText(/No shipping label is provided for international RMAs/)).toBeInTheDocument();
    expect(flow.api.repair.createRma.mock.calls[0]![0].address.country).toBe('DE');
  });

  it("says 'RMA has not been created' without a result", () => {
    const api = { shipping: { document: jest.fn() }, locations: { countries: jest.fn(async () => []) } };
    const router = createMemoryRouter([
      {
        path: '/',
        loader: () => ({ countries: [] }),
        element: (
          <DownloadStep
            result={null}
            unit={null}
            serial=""
            problem={emptyProblem}
            contact={emptyContact}
            address={emptyAddress}
            packaging=""
            onNewRequest={jest.fn()}
          />
        ),
      },
    ]);
    render(
      <PortalThemeProvider>
        <SessionProvider session={sessionWith(api, profile)}>
          <RouterProvider router={router} />
        </SessionProvider>
      </PortalThemeProvider>,
    );
    return screen.findByText('RMA has not been created');
  });
});

describe('create-rma stepper: leaving', () => {
  it('asks before leaving an unfinished RMA, and stays or leaves as answered', async () => {
    const { router, user } = setupFlow();
    await screen.findByRole('textbox', { name: 'Serial Number' });

    await act(async () => void router.navigate('/'));
    const dialog = screen.getByRole('alertdialog', { name: 'Leave this RMA?' });
    expect(dialog).toHaveTextContent('Do you really want to leave? You have unsaved changes..');
    await user.click(within(dialog).getByRole('button', { name: 'Stay' }));
    expect(router.state.location.pathname).toBe('/create-rma/RT10000001');

    await act(async () => void router.navigate('/'));
    await user.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Leave' }));
    expect(await screen.findByRole('heading', { name: 'Home' })).toBeInTheDocument();
  });

  it('lets the user go to rma-confirm-quote without asking', async () => {
    const { router } = setupFlow();
    await screen.findByRole('textbox', { name: 'Serial Number' });

    await act(async () => void router.navigate('/create-rma/RT10000001/confirm-quote'));

    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Confirm quote' })).toBeInTheDocument();
  });

  it('asks the browser before unload until the RMA exists, then no more', async () => {
    const { user, router } = setupFlow();
    await screen.findByRole('textbox', { name: 'Serial Number' });
    const before = new Event('beforeunload', { cancelable: true });
    window.dispatchEvent(before);
    expect(before.defaultPrevented).toBe(true);

    await reachConfirm(user);
    await submit(user);
    await screen.findByText('Your RMA RMA-100418 has been created.');

    const after = new Event('beforeunload', { cancelable: true });
    window.dispatchEvent(after);
    expect(after.defaultPrevented).toBe(false);
    await act(async () => void router.navigate('/'));
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
  });
});

describe('create-rma stepper: route inputs', () => {
  it('starts at the step given as toPage', async () => {
    setupFlow({ state: { toPage: 2 } });

    expect(await screen.findByRole('form', { name: 'Contact Info' })).toBeInTheDocument();
  });

  it('prefills everything from quoteData', async () => {
    const quoteData = {
      shipping: {
        address: { line1: '5 Harbor Rd', line2: '', city: 'Toronto', state: 'ON', country: 'CA', postalCode: 'M5V 2T6' },
        contact: { firstName: 'Olivia', lastName: 'Brandt', emailAddress: 'olivia@fleetco.example', phoneNumber: '6145550187', phoneCountryCode: 'US', companyName: 'FleetCo Utilities' },
      },
      externalResource: {
        serial: 'RT10000002',
        rmaInput: { primaryFault: 'Display', problem: 'Cracked screen', initialNotes: 'From the quote', acc: { battery: true }, attachments: ['rma/q.jpg'] },
      },
      total: { cents: 28900, currency: 'USD' },
    };
    const { user } = setupFlow({ url: '/create-rma', state: { quoteData, toPage: 2 } });

    expect(await screen.findByRole('textbox', { name: 'Email' })).toHaveValue('olivia@fleetco.example');
    expect(screen.getByRole('textbox', { name: 'Address Line 1' })).toHaveValue('5 Harbor Rd');
    await user.click(screen.getByRole('button', { name: 'Back' }));
    expect(await screen.findByRole('textbox', { name: 'Serial Number' })).toHaveValue('RT10000002');
    await settle();
    expect(await screen.findByRole('combobox', { name: 'Problem' })).toHaveValue('Cracked screen');
    expect(screen.getByRole('textbox', { name: 'Service Request Notes' })).toHaveValue('From the quote');
    expect(screen.getByRole('checkbox', { name: 'Battery' })).toBeChecked();
    expect(screen.getByRole('button', { name: 'Remove rma/q.jpg' })).toBeInTheDocument();
  });
});

