import { screen, waitFor, within } from '@testing-library/react';
import { ApiError, type QuoteDetails } from '@portal/api-client';
import { unit } from '@portal/forms/testing';
import { canceledRoute, poOptions, settle, setupFlow } from '../../test/flow';
import { browser } from '../create-rma/model/paymentReturn';
import { ConfirmQuotePage } from './ConfirmQuotePage';

const outOfWarranty = unit({ iw: false, cardState: 'out-of-warranty' });

const quoteData = {
  shipping: {
    address: { line1: '5 Harbor Rd', line2: '', city: 'Austin', state: 'TX', country: 'US', postalCode: '78701' },
    contact: {
      firstName: 'Olivia',
      lastName: 'Brandt',
      emailAddress: 'olivia@fleetco.example',
      phoneNumber: '6145550187',
      phoneCountryCode: 'US',
      companyName: 'FleetCo Utilities',
    },
  },
  externalResource: {
    serial: 'RT10000002',
    rmaInput: {
      primaryFault: 'Display',
      problem: 'Cracked or broken screen',
      initialNotes: 'From the quote',
      acc: { battery: true, acPower: false, storage: false, hardCase: false },
      attachments: ['rma/q.jpg'],
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
    },
    packaging: { havePackaging: false, requestBox: true, forgoShipping: false as const },
  },
  total: { cents: 26010, currency: 'USD' },
};

const details: QuoteDetails = {
  uid: 'QT-ABCDEFGHJKLM',
  kind: 'saved',
  serial: 'RT10000002',
  amount: { cents: 26010, currency: 'USD' },
  status: 'open',
  expiresAt: '2026-12-23T12:00:00Z',
  createdAt: '2026-11-23T12:00:00Z',
  reference: 'ref',
  paidAt: null,
  quoteData,
};

const page = { page: <ConfirmQuotePage />, path: '/create-rma/:serial?/confirm-quote', routes: [canceledRoute] };

let assign: jest.SpyInstance;
beforeEach(() => {
  jest.useFakeTimers();
  assign = jest.spyOn(browser, 'assign').mockImplementation(() => undefined);
  sessionStorage.clear();
});
afterEach(() => {
  assign.mockRestore();
  jest.useRealTimers();
});

describe('rma-confirm-quote', () => {
  it('opens the saved quote on the confirm step, prefilled, with its total and without Save Quote', async () => {
    const { api } = setupFlow({
      ...page,
      unit: outOfWarranty,
      url: '/create-rma/RT10000002/confirm-quote?quote=QT-ABCDEFGHJKLM',
      state: { quoteData, quoteId: 'QT-ABCDEFGHJKLM', toPage: 4 },
    });
    await settle();

    expect(screen.getByText('Quote QT-ABCDEFGHJKLM saved')).toBeInTheDocument();
    expect(await screen.findByRole('form', { name: 'Confirm RMA' })).toBeInTheDocument();
    expect(screen.getByText('Cracked or broken screen')).toBeInTheDocument();
    expect(screen.getByText('From the quote')).toBeInTheDocument();
    expect(screen.getByText('Box sent to me (3-5 business days)')).toBeInTheDocument();
    expect(screen.getByText('olivia@fleetco.example')).toBeInTheDocument();
    expect(await screen.findByText('Total: $260.10')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Save Quote' })).not.toBeInTheDocument();
    expect(api.payments.quoteDetails).not.toHaveBeenCalled();
  });

  it('pays the saved quote by card, naming it, and keeps it for the return', async () => {
    const { api, user } = setupFlow({
      ...page,
      unit: outOfWarranty,
      url: '/create-rma/RT10000002/confirm-quote?quote=QT-ABCDEFGHJKLM',
      state: { quoteData, quoteId: 'QT-ABCDEFGHJKLM', toPage: 4 },
    });
    await settle();
    await screen.findByRole('radiogroup', { name: 'Payment Method' });
    await user.click(screen.getByRole('checkbox', { name: 'I confirm the above information is accurate' }));

    await user.click(screen.getByRole('button', { name: 'Continue to Payment' }));

    await waitFor(() => expect(assign).toHaveBeenCalled());
    const [payload] = api.repair.createOowRma.mock.calls[0]!;
    expect(payload.serial).toBe('RT10000002');
    expect(payload.paymentData).toEqual({ paymentMethod: 'PayPal', customerPO: '', customerPOFileId: '', save: false, quoteId: 'QT-ABCDEFGHJKLM' });
    expect(payload.packaging).toEqual({ havePackaging: false, requestBox: true, forgoShipping: false });
    expect(payload.rmaInput.attachments).toEqual(['rma/q.jpg']);
  });

  it('fetches the quote by ?quote= when it comes without state', async () => {
    const { api } = setupFlow({ ...page, unit: outOfWarranty, url: '/create-rma/RT10000002/confirm-quote?quote=QT-ABCDEFGHJKLM', payment: poOptions });
    api.payments.quoteDetails.mockResolvedValue(details);
    await settle();

    expect(await screen.findByText('Quote QT-ABCDEFGHJKLM saved')).toBeInTheDocument();
    await settle();
    expect(await screen.findByText('Total: $260.10')).toBeInTheDocument();
    expect(within(screen.getByRole('radiogroup', { name: 'Payment Method' })).getByRole('radio', { name: 'PO' })).toBeChecked();
    expect(api.payments.quoteDetails).toHaveBeenCalledWith('QT-ABCDEFGHJKLM', expect.anything());
  });

  it('explains a quote that was already paid', async () => {
    const { api } = setupFlow({ ...page, url: '/create-rma/RT10000002/confirm-quote?quote=QT-ABCDEFGHJKLM' });
    api.payments.quoteDetails.mockResolvedValue({ ...details, status: 'paid' });

    expect(await screen.findByText(/Quote QT-ABCDEFGHJKLM has already been paid/)).toBeInTheDocument();
    expect(screen.queryByRole('form', { name: 'Confirm RMA' })).not.toBeInTheDocument();
  });

  it('answers an unknown quote as not found', async () => {
    const { api } = setupFlow({ ...page, url: '/create-rma/RT10000002/confirm-quote?quote=QT-NOPE' });
    api.payments.quoteDetails.mockRejectedValue(new ApiError(404, { error: 'payments.quoteNotFound', message: 'Quote not found' }));

    expect(await screen.findByText(/We could not find this quote/)).toBeInTheDocument();
  });

  it('says so when no quote is given', async () => {
    setupFlow({ ...page, url: '/create-rma/RT10000002/confirm-quote' });

    expect(await screen.findByText('No quote was given. Please open the link from your e-mail again.')).toBeInTheDocument();
  });
});
