import { screen, waitFor, within } from '@testing-library/react';
import { ApiError } from '@portal/api-client';
import { unit } from '@portal/forms/testing';
import { created, poOptions, reachConfirm, settle, setupFlow } from '../../test/flow';
import { browser, loadPaymentSnapshot, savePaymentSnapshot, type PaymentSnapshot } from './model/paymentReturn';
import { emptyProblem } from './model/problem';

const outOfWarranty = unit({ iw: false, cardState: 'out-of-warranty' });
const DECLINED = 'The payment was declined. Please use another card or payment method.';

let assign: jest.SpyInstance;
beforeEach(() => {
  jest.useFakeTimers();
  URL.createObjectURL = jest.fn(() => 'blob:http://portal.test/doc');
  URL.revokeObjectURL = jest.fn();
  assign = jest.spyOn(browser, 'assign').mockImplementation(() => undefined);
  sessionStorage.clear();
});
afterEach(() => {
  assign.mockRestore();
  jest.useRealTimers();
});

type Flow = ReturnType<typeof setupFlow>;

async function confirmAccurate(user: Flow['user']) {
  await user.click(screen.getByRole('checkbox', { name: 'I confirm the above information is accurate' }));
}

function pdf(name = 'PO-4471.pdf') {
  return new File(['%PDF-1.4'], name, { type: 'application/pdf' });
}

describe('payment card: card path', () => {
  it('defaults a plain customer to Credit Card, without PO', async () => {
    const { user } = setupFlow({ unit: outOfWarranty });
    await reachConfirm(user);

    const group = await screen.findByRole('radiogroup', { name: 'Payment Method' });
    expect(within(group).getByRole('radio', { name: 'Credit Card' })).toBeChecked();
    expect(within(group).queryByRole('radio', { name: 'PO' })).not.toBeInTheDocument();
    expect(screen.queryByRole('textbox', { name: 'PO Number' })).not.toBeInTheDocument();
  });

  it("shows 'Missing Required Fields!' without the confirmation and sends nothing", async () => {
    const { user, api } = setupFlow({ unit: outOfWarranty });
    await reachConfirm(user);
    await screen.findByRole('radiogroup', { name: 'Payment Method' });

    await user.click(screen.getByRole('button', { name: 'Continue to Payment' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Missing Required Fields!');
    await user.click(screen.getByRole('button', { name: 'Save Quote' }));
    expect(api.repair.createOowRma).not.toHaveBeenCalled();
  });

  it('opens the RMA, keeps the flow without passwords, and leaves for the provider without the leave warning', async () => {
    const { user, api } = setupFlow({ unit: outOfWarranty });
    await reachConfirm(user);
    await screen.findByRole('radiogroup', { name: 'Payment Method' });
    await confirmAccurate(user);

    await user.click(screen.getByRole('button', { name: 'Continue to Payment' }));

    await waitFor(() => expect(assign).toHaveBeenCalledWith('https://paypal.test/checkoutnow?token=ORDER-1'));
    const [payload, key] = api.repair.createOowRma.mock.calls[0]!;
    expect(key).toMatch(/^[0-9a-f-]{36}$/);
    expect(payload.paymentData).toEqual({ paymentMethod: 'PayPal', customerPO: '', customerPOFileId: '', save: false, quoteId: '' });
    expect(payload).not.toHaveProperty('amount');
    const kept = loadPaymentSnapshot('RMA-100420');
    expect(kept).toMatchObject({ rmaNumber: 'RMA-100420', paymentUrl: 'https://paypal.test/checkoutnow?token=ORDER-1', serial: 'RT10000001' });
    expect(kept?.problem.userPassword).toBe('');
    const leaving = new Event('beforeunload', { cancelable: true });
    window.dispatchEvent(leaving);
    expect(leaving.defaultPrevented).toBe(false);
  });

  it("shows 'Error Creating RMA: …' when the provider cannot be reached, and stays", async () => {
    const { user, api } = setupFlow({ unit: outOfWarranty });
    api.repair.createOowRma.mockRejectedValueOnce(
      new ApiError(503, { error: 'payments.providerUnavailable', message: 'The payment provider is not available right now. Please try again in a few minutes.' }),
    );
    await reachConfirm(user);
    await screen.findByRole('radiogroup', { name: 'Payment Method' });
    await confirmAccurate(user);

    await user.click(screen.getByRole('button', { name: 'Continue to Payment' }));

    expect(
      await screen.findByText('Error Creating RMA: The payment provider is not available right now. Please try again in a few minutes.'),
    ).toBeInTheDocument();
    expect(assign).not.toHaveBeenCalled();
  });
});

describe('payment card: Save Quote', () => {
  it('saves a quote and opens rma-confirm-quote with it, without the leave warning', async () => {
    const { user, api, router } = setupFlow({ unit: outOfWarranty });
    const quoteData = {
      shipping: { address: { line1: '100 Congress Ave' }, contact: { firstName: 'Casey' } },
      externalResource: { serial: 'RT10000001', packaging: { havePackaging: true, requestBox: false, forgoShipping: false } },
      total: { cents: 28900, currency: 'USD' },
    };
    api.repair.createOowRma.mockResolvedValueOnce({ rmaNumber: '', quoteId: 'QT-ABCDEFGHJKLM', paymentUrl: '', quoteData: quoteData as never });
    await reachConfirm(user);
    await screen.findByRole('radiogroup', { name: 'Payment Method' });
    await confirmAccurate(user);

    await user.click(screen.getByRole('button', { name: 'Save Quote' }));

    expect(await screen.findByRole('heading', { name: 'Confirm quote' })).toBeInTheDocument();
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/create-rma/RT10000001/confirm-quote');
    expect(router.state.location.search).toBe('?quote=QT-ABCDEFGHJKLM');
    expect(router.state.location.state).toEqual({ quoteData, quoteId: 'QT-ABCDEFGHJKLM', toPage: 4 });
    expect(api.repair.createOowRma.mock.calls[0]![0].paymentData).toEqual({
      paymentMethod: '',
      customerPO: '',
      customerPOFileId: '',
      save: true,
      quoteId: '',
    });
  });
});

describe('payment card: PO', () => {
  it('defaults a PO holder to PO, shows the discounted total, and asks for the release only when required', async () => {
    const { user } = setupFlow({ unit: outOfWarranty, payment: poOptions });
    await reachConfirm(user);

    const group = await screen.findByRole('radiogroup', { name: 'Payment Method' });
    expect(within(group).getByRole('radio', { name: 'PO' })).toBeChecked();
    expect(screen.getByText('Total: $260.10')).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Release Number' })).toBeInTheDocument();
    expect(screen.getByLabelText('PO File')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Submit RMA' })).toBeInTheDocument();

    await user.click(within(group).getByRole('radio', { name: 'Credit Card' }));
    expect(screen.queryByRole('textbox', { name: 'PO Number' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Continue to Payment' })).toBeInTheDocument();
  });

  it('has no release number for a PO holder whose domain needs none', async () => {
    const { user } = setupFlow({ unit: outOfWarranty, payment: { ...poOptions, poReleaseRequired: false, discountPercent: 0 } });
    await reachConfirm(user);

    expect(await screen.findByRole('textbox', { name: 'PO Number' })).toBeInTheDocument();
    expect(screen.queryByRole('textbox', { name: 'Release Number' })).not.toBeInTheDocument();
    expect(screen.getByText('Total: $289.00')).toBeInTheDocument();
  });

  it("shows 'Required', 'Must Attach Files' and 'Must be 4 or 5 digits', then creates and processes at once", async () => {
    const { user, api } = setupFlow({ unit: outOfWarranty, payment: poOptions });
    api.repair.createOowRma.mockResolvedValueOnce({ rmaNumber: 'RMA-100421', quoteId: 'QT-ABCDEFGHJKLN', paymentUrl: '', quoteData: null });
    await reachConfirm(user);
    await screen.findByRole('textbox', { name: 'PO Number' });
    await confirmAccurate(user);

    await user.click(screen.getByRole('button', { name: 'Submit RMA' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Missing Required Fields!');
    expect(screen.getByRole('textbox', { name: 'PO Number' })).toHaveAccessibleDescription('Required');
    expect(screen.getByText('Must Attach Files')).toBeInTheDocument();

    await user.type(screen.getByRole('textbox', { name: 'PO Number' }), '4471');
    await user.type(screen.getByRole('textbox', { name: 'Release Number' }), '123');
    await user.upload(screen.getByLabelText('PO File'), pdf());
    expect(await screen.findByText('Attached: PO-4471.pdf')).toBeInTheDocument();
    expect(screen.queryByText('Must Attach Files')).not.toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Release Number' })).toHaveAccessibleDescription(/Must be 4 or 5 digits/);
    await user.click(screen.getByRole('button', { name: 'Submit RMA' }));
    expect(api.repair.createOowRma).not.toHaveBeenCalled();

    await user.type(screen.getByRole('textbox', { name: 'Release Number' }), '4');
    await user.click(screen.getByRole('button', { name: 'Submit RMA' }));

    expect(await screen.findByText('Your RMA RMA-100421 has been created.')).toBeInTheDocument();
    expect(api.repair.createOowRma.mock.calls[0]![0].paymentData).toEqual({
      paymentMethod: 'PO',
      customerPO: '4471-1234',
      customerPOFileId: 'po/PO-4471.pdf',
      save: false,
      quoteId: '',
    });
    expect(api.repair.processOow).toHaveBeenCalledWith({ rmaNumber: 'RMA-100421', serial: 'RT10000001', token: undefined });
    expect(assign).not.toHaveBeenCalled();
  });

  it("shows the server's field message under the PO field it names", async () => {
    const { user, api } = setupFlow({ unit: outOfWarranty, payment: { ...poOptions, poReleaseRequired: false } });
    api.repair.createOowRma.mockRejectedValueOnce(
      new ApiError(400, { error: 'validation', message: 'Some fields are invalid.', fields: { 'paymentData.customerPOFileId': 'File not found' } }),
    );
    await reachConfirm(user);
    await user.type(await screen.findByRole('textbox', { name: 'PO Number' }), '4471');
    await user.upload(screen.getByLabelText('PO File'), pdf());
    await screen.findByText('Attached: PO-4471.pdf');
    await confirmAccurate(user);

    await user.click(screen.getByRole('button', { name: 'Submit RMA' }));

    expect(await screen.findByText('Error Creating RMA: Some fields are invalid.')).toBeInTheDocument();
    expect(screen.getByText('File not found')).toBeInTheDocument();
  });

  it("refuses PO for a customer without the permission with the server's message", async () => {
    const { user, api } = setupFlow({ unit: outOfWarranty, payment: { ...poOptions, poReleaseRequired: false } });
    api.repair.createOowRma.mockRejectedValueOnce(new ApiError(403, { error: 'payments.poNotAllowed', message: 'Your account cannot pay by purchase order.' }));
    await reachConfirm(user);
    await user.type(await screen.findByRole('textbox', { name: 'PO Number' }), '4471');
    await user.upload(screen.getByLabelText('PO File'), pdf());
    await screen.findByText('Attached: PO-4471.pdf');
    await confirmAccurate(user);

    await user.click(screen.getByRole('button', { name: 'Submit RMA' }));

    expect(await screen.findByText('Error Creating RMA: Your account cannot pay by purchase order.')).toBeInTheDocument();
    expect(api.repair.processOow).not.toHaveBeenCalled();
  });
});

const kept: PaymentSnapshot = {
  rmaNumber: 'RMA-100420',
  quoteId: 'QT-ABCDEFGHJKLM',
  paymentUrl: 'https://paypal.test/checkoutnow?token=ORDER-1',
  serial: 'RT10000002',
  problem: { ...emptyProblem, primaryFault: 'Display', problem: 'Cracked screen', initialNotes: 'Dropped', acknowledgeHddBackup: true },
  contact: { firstName: 'Casey', lastName: 'Morgan', email: 'casey@example.com', phone: '+15125550142', phoneCountryCode: 'US', company: '', position: '' },
  address: { line1: '100 Congress Ave', line2: '', city: 'Austin', state: 'TX', country: 'US', postalCode: '78701' },
  packaging: 'label',
  quote: null,
};

function returnTo(query: string) {
  savePaymentSnapshot(kept);
  return setupFlow({ unit: outOfWarranty, url: `/create-rma/RT10000002?rmaNumber=RMA-100420${query}` });
}

describe('back from the payment provider', () => {
  it('processes the RMA with the token and shows the label with the kept summary', async () => {
    const { api } = returnTo('&token=ORDER-1&PayerID=PAYER1');
    await settle();

    expect(await screen.findByText('Your RMA RMA-100420 has been created.')).toBeInTheDocument();
    expect(api.repair.processOow).toHaveBeenCalledTimes(1);
    expect(api.repair.processOow).toHaveBeenCalledWith({ rmaNumber: 'RMA-100420', serial: 'RT10000002', token: 'ORDER-1' });
    expect(await screen.findByRole('link', { name: 'Download Shipping Label' })).toBeInTheDocument();
    expect(screen.getByText('Dropped')).toBeInTheDocument();
    expect(loadPaymentSnapshot('RMA-100420')).toBeNull();
  });

  it("says 'No PayPal token found' without a token, and Try Again goes back to the provider", async () => {
    const { api, user } = returnTo('');
    await settle();

    expect(await screen.findByText('No PayPal token found')).toBeInTheDocument();
    expect(api.repair.processOow).not.toHaveBeenCalled();
    await user.click(screen.getByRole('button', { name: 'Try Again' }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith('https://paypal.test/checkoutnow?token=ORDER-1'));
    expect(api.repair.payRma).toHaveBeenCalledWith('RMA-100420');
  });

  it('cancels the RMA of a cancelled payment and ends on /canceled', async () => {
    const { api, router } = returnTo('&cancelled=1');
    await settle();

    expect(await screen.findByRole('heading', { name: 'Canceled' })).toBeInTheDocument();
    expect(api.repair.cancelRma).toHaveBeenCalledWith('RMA-100420');
    expect(router.state.location.pathname).toBe('/canceled');
    expect(router.state.location.search).toBe('?rma=RMA-100420');
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
  });

  it('shows a declined payment with Try Again and Cancel RMA, and Cancel RMA ends on /canceled', async () => {
    savePaymentSnapshot(kept);
    const flow = setupFlow({ unit: outOfWarranty, url: '/create-rma/RT10000002?rmaNumber=RMA-100420&token=ORDER-1&PayerID=P' });
    flow.api.repair.processOow.mockRejectedValueOnce(new ApiError(409, { error: 'payments.declined', message: DECLINED }));
    await settle();

    expect(await screen.findByText(DECLINED)).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Download Shipping Label' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Try Again' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Edit / })).not.toBeInTheDocument();

    await flow.user.click(screen.getByRole('button', { name: 'Cancel RMA' }));

    expect(await screen.findByRole('heading', { name: 'Canceled' })).toBeInTheDocument();
    expect(flow.api.repair.cancelRma).toHaveBeenCalledWith('RMA-100420');
  });

  it('re-approves a declined payment at the same provider link with Try Again', async () => {
    savePaymentSnapshot(kept);
    const flow = setupFlow({ unit: outOfWarranty, url: '/create-rma/RT10000002?rmaNumber=RMA-100420&token=ORDER-1&PayerID=P' });
    flow.api.repair.processOow.mockRejectedValueOnce(new ApiError(409, { error: 'payments.declined', message: DECLINED }));
    await settle();
    await screen.findByText(DECLINED);

    await flow.user.click(screen.getByRole('button', { name: 'Try Again' }));

    await waitFor(() => expect(assign).toHaveBeenCalledWith(kept.paymentUrl));
    expect(flow.api.repair.payRma).toHaveBeenCalledWith('RMA-100420');
    expect(flow.api.repair.createOowRma).not.toHaveBeenCalled();
  });

  it('still processes without a kept flow (another tab), showing the RMA it gets back', async () => {
    const { api } = setupFlow({ unit: outOfWarranty, url: '/create-rma/RT10000002?rmaNumber=RMA-100420&token=ORDER-1' });
    api.repair.processOow.mockResolvedValueOnce({ ...created, rmaNumber: 'RMA-100420' });
    await settle();

    expect(await screen.findByText('Your RMA RMA-100420 has been created.')).toBeInTheDocument();
  });

  it('explains a cancel the server refuses (already paid) and stays', async () => {
    savePaymentSnapshot(kept);
    const flow = setupFlow({ unit: outOfWarranty, url: '/create-rma/RT10000002?rmaNumber=RMA-100420&cancelled=1' });
    const message = 'This RMA is paid and can no longer be cancelled here. Please contact support.';
    flow.api.repair.cancelRma.mockRejectedValueOnce(new ApiError(409, { error: 'rma.notCancellable', message }));
    await settle();

    expect(await screen.findByText(message)).toBeInTheDocument();
    expect(flow.router.state.location.pathname).toBe('/create-rma/RT10000002');
  });
});
