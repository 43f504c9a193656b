import { act, screen, waitFor, within } from '@testing-library/react';
import { ApiError, type CreateRmaResult, type PendingRmaPayment, type StoredRma } from '@portal/api-client';
import { unit } from '@portal/forms/testing';
import { created, settle, setupFlow } from '../../test/flow';
import { browser } from './model/paymentReturn';

// The ways back to an out-of-warranty RMA after the payment provider: the label step after a
// card payment (issue 26 item 10 and the receipt), and the unit's page after the browser's Back
// button left the RMA waiting for its payment (item 11).

/** The unit once its RMA exists: the serial check says so, and it is not valid for a new RMA. */
const heldByItsRma = unit({ serial: 'RT10000002', model: 'ST12', modelFamily: 'Summit', pn: 'ST12-G2-16', iw: false, rmaExists: true, validForNewRma: false, cardState: 'rma-exists' });

const stored: StoredRma = {
  unit: { serial: 'RT10000002', model: 'ST12', modelFamily: 'Summit', pn: 'ST12-G2-16', productType: 'TABLET' },
  summary: {
    rmaType: 'REPAIR',
    problem: {
      primaryFault: 'Display',
      problem: 'Cracked screen',
      initialNotes: 'Dropped on site',
      customerReference: 'PO-7781',
      assetTag: '',
      reimage: true,
      biosFirmware: false,
      hasDeviceData: null,
      acc: { acPower: true, storage: false, hardCase: false, battery: false },
    },
    contact: { firstName: 'Casey', lastName: 'Morgan', email: 'casey@example.com', phone: '5125550142', phoneCountryCode: 'US', company: '', position: '' },
    address: { line1: '2100 Riverside Dr', line2: '', city: 'Austin', state: 'TX', country: 'US', postalCode: '78741' },
    packaging: 'label',
  },
  receipt: { amount: { cents: 28900, currency: 'USD' }, method: 'PayPal', reference: '7XK32045RA1234567', paidAt: '2026-03-02T15:04:00Z' },
};

const paid: CreateRmaResult = { ...created, rmaNumber: 'RMA-100420', stored };

const pending: PendingRmaPayment = {
  rmaNumber: 'RMA-100420',
  serial: 'RT10000002',
  rmaType: 'REPAIR',
  quoteId: 'QT-ABCDEFGHJKLM',
  amount: { cents: 28900, currency: 'USD' },
  createdAt: '2026-03-02T14:00:00Z',
};

/** The fact a summary card lists under term, as its definition's text. */
function fact(card: string, term: string): string {
  const list = within(screen.getByRole('region', { name: card }));
  const dt = list.getByText(term, { selector: 'dt' });
  return dt.nextElementSibling?.textContent ?? '';
}

let assign: jest.SpyInstance;
let reload: jest.SpyInstance;
beforeEach(() => {
  jest.useFakeTimers();
  URL.createObjectURL = jest.fn(() => 'blob:http://portal.test/doc');
  URL.revokeObjectURL = jest.fn();
  assign = jest.spyOn(browser, 'assign').mockImplementation(() => undefined);
  reload = jest.spyOn(browser, 'reload').mockImplementation(() => undefined);
  sessionStorage.clear();
});
afterEach(() => {
  assign.mockRestore();
  reload.mockRestore();
  jest.useRealTimers();
});

describe('the label step after a card payment', () => {
  it.each([
    ['approved at the provider', '&token=ORDER-1&PayerID=P'],
    ['paid again after a declined card (Try Again), without the flow kept in this tab', '&token=ORDER-1'],
  ])('names the unit and the receipt the server answers (%s), though the serial check now says the RMA exists', async (_, query) => {
    const { api } = setupFlow({ unit: heldByItsRma, url: `/create-rma/RT10000002?rmaNumber=RMA-100420${query}` });
    api.repair.processOow.mockResolvedValueOnce(paid);
    await settle();

    expect(await screen.findByText('Your RMA RMA-100420 has been created.')).toBeInTheDocument();
    expect(fact('Unit Description', 'Model')).toBe('ST12');
    expect(fact('Unit Description', 'Model Family')).toBe('Summit');
    expect(fact('Unit Description', 'Part Number')).toBe('ST12-G2-16');
    expect(fact('Problem Description', 'Problem')).toBe('Cracked screen');
    expect(fact('Contact Information', 'Name')).toBe('Casey Morgan');
    expect(fact('Payment Receipt', 'Amount Paid')).toBe('$289.00');
    expect(fact('Payment Receipt', 'Payment Method')).toBe('Credit Card');
    expect(fact('Payment Receipt', 'Payment Reference')).toBe('7XK32045RA1234567');
    expect(fact('Payment Receipt', 'Paid')).not.toBe('—');
    expect(screen.queryByRole('button', { name: 'Pay Now' })).not.toBeInTheDocument();
  });

  it('names a purchase order by its number', async () => {
    const { api } = setupFlow({ unit: heldByItsRma, url: '/create-rma/RT10000002?rmaNumber=RMA-100420&token=ORDER-1' });
    api.repair.processOow.mockResolvedValueOnce({ ...paid, stored: { ...stored, receipt: { ...stored.receipt!, method: 'PO', reference: '4471-1234' } } });
    await settle();

    await screen.findByText('Your RMA RMA-100420 has been created.');
    expect(fact('Payment Receipt', 'Payment Method')).toBe('PO');
    expect(fact('Payment Receipt', 'PO Number')).toBe('4471-1234');
  });

  it('shows no receipt for an RMA that needed no payment', async () => {
    const { api } = setupFlow({ unit: heldByItsRma, url: '/create-rma/RT10000002?rmaNumber=RMA-100420&token=ORDER-1' });
    api.repair.processOow.mockResolvedValueOnce({ ...created, rmaNumber: 'RMA-100420' });
    await settle();

    await screen.findByText('Your RMA RMA-100420 has been created.');
    expect(screen.queryByRole('region', { name: 'Payment Receipt' })).not.toBeInTheDocument();
    await waitFor(() => expect(fact('Unit Description', 'Model')).toBe('ST12'), { timeout: 3000 });
  });
});

describe("the unit's page while its RMA awaits the caller's payment", () => {
  function backOnTheUnitsPage() {
    const flow = setupFlow({ unit: heldByItsRma, url: '/create-rma/RT10000002' });
    flow.api.repair.awaitingPayment.mockResolvedValue(pending);
    return flow;
  }

  it('says so and offers Pay Now and Cancel RMA instead of a dead end', async () => {
    const { api } = backOnTheUnitsPage();
    await settle();

    expect(await screen.findByText('RMA RMA-100420 is waiting for its payment.')).toBeInTheDocument();
    expect(screen.getByText(/Pay \$289\.00 now to get the shipping label/)).toBeInTheDocument();
    expect(screen.getByText('RMA Already Exists For This Unit')).toBeInTheDocument();
    expect(api.repair.awaitingPayment).toHaveBeenCalledWith('RT10000002', expect.anything());
    expect(screen.getByRole('button', { name: 'Pay Now' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Cancel RMA' })).toBeInTheDocument();
  });

  it('Pay Now goes to the same PayPal order, without the leave warning', async () => {
    const { api, user } = backOnTheUnitsPage();
    await settle();

    await user.click(await screen.findByRole('button', { name: 'Pay Now' }));

    await waitFor(() => expect(assign).toHaveBeenCalledWith('https://paypal.test/checkoutnow?token=ORDER-1'));
    expect(api.repair.payRma).toHaveBeenCalledWith('RMA-100420');
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
  });

  it('Pay Now of an RMA paid meanwhile processes it and shows its label', async () => {
    const { api, user } = backOnTheUnitsPage();
    api.repair.payRma.mockResolvedValueOnce({ rmaNumber: 'RMA-100420', quoteId: 'QT-ABCDEFGHJKLM', paymentUrl: '' });
    api.repair.processOow.mockResolvedValueOnce(paid);
    await settle();

    await user.click(await screen.findByRole('button', { name: 'Pay Now' }));

    expect(await screen.findByText('Your RMA RMA-100420 has been created.')).toBeInTheDocument();
    expect(api.repair.processOow).toHaveBeenCalledWith({ rmaNumber: 'RMA-100420', serial: 'RT10000002', token: undefined });
    expect(assign).not.toHaveBeenCalled();
  });

  it('Cancel RMA cancels it and ends on /canceled', async () => {
    const { api, user, router } = backOnTheUnitsPage();
    await settle();

    await user.click(await screen.findByRole('button', { name: 'Cancel RMA' }));

    expect(await screen.findByRole('heading', { name: 'Canceled' })).toBeInTheDocument();
    expect(api.repair.cancelRma).toHaveBeenCalledWith('RMA-100420');
    expect(router.state.location.search).toBe('?rma=RMA-100420');
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
  });

  it("shows the server's refusal and stays", async () => {
    const { api, user, router } = backOnTheUnitsPage();
    const message = 'This RMA is paid and can no longer be cancelled here. Please contact support.';
    api.repair.cancelRma.mockRejectedValueOnce(new ApiError(409, { error: 'rma.notCancellable', message }));
    await settle();

    await user.click(await screen.findByRole('button', { name: 'Cancel RMA' }));

    expect(await screen.findByText(message)).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/create-rma/RT10000002');
  });

  it("offers nothing for a unit whose RMA is someone else's or past its payment", async () => {
    const { api } = setupFlow({ unit: heldByItsRma, url: '/create-rma/RT10000002' });
    await settle();

    await screen.findByText('RMA Already Exists For This Unit');
    await waitFor(() => expect(api.repair.awaitingPayment).toHaveBeenCalled());
    expect(screen.queryByRole('button', { name: 'Pay Now' })).not.toBeInTheDocument();
  });

  it('asks nothing for a unit without an RMA', async () => {
    const { api } = setupFlow({ unit: unit({ serial: 'RT10000002' }), url: '/create-rma/RT10000002' });
    await settle();

    await screen.findByText('Serial valid for new RMA!');
    expect(api.repair.awaitingPayment).not.toHaveBeenCalled();
  });
});

describe("the browser's Back button from the provider", () => {
  /** The pageshow of a page the browser shows again, from its cache (persisted) or loaded anew. */
  function pageshow(persisted: boolean) {
    const event = new Event('pageshow');
    Object.defineProperty(event, 'persisted', { value: persisted });
    act(() => {
      window.dispatchEvent(event);
    });
  }

  it('loads the page again when the browser restores it from its cache as it was left', async () => {
    const { api, user } = setupFlow({ unit: heldByItsRma, url: '/create-rma/RT10000002' });
    api.repair.awaitingPayment.mockResolvedValue(pending);
    await settle();
    await user.click(await screen.findByRole('button', { name: 'Pay Now' }));
    await waitFor(() => expect(assign).toHaveBeenCalled());

    pageshow(false);
    expect(reload).not.toHaveBeenCalled();
    pageshow(true);
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it('leaves a page that never left for the provider alone', async () => {
    setupFlow({ unit: heldByItsRma, url: '/create-rma/RT10000002' });
    await settle();

    pageshow(true);
    expect(reload).not.toHaveBeenCalled();
  });
});
