import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ApiError, type QuoteDetails } from '@portal/api-client';
import type { Session } from '@portal/auth';
import { sessionWith } from '@portal/forms/testing';
import { renderAt } from '../../test/flow';
import { CanceledPage } from '../canceled/CanceledPage';
import { browser } from '../create-rma/model/paymentReturn';
import { AuthnetResponsePage, CONFIRM_ATTEMPTS, CONFIRM_RETRY_MS } from './AuthnetResponsePage';
import { PayQuoteByAuthorizePage } from './PayQuoteByAuthorizePage';
import { PayQuotePage } from './PayQuotePage';
import { ServiceQuoteCancelPage } from './ServiceQuoteCancelPage';
import { ServiceQuoteSuccessfulPage } from './ServiceQuoteSuccessfulPage';
import { SuccessPage } from './SuccessPage';

const open: QuoteDetails = {
  uid: 'QT-PACTSERVICE1',
  kind: 'service',
  rmaNumber: 'RMA-100501',
  serial: 'RT10000001',
  amount: { cents: 12500, currency: 'USD' },
  status: 'open',
  note: 'The keyboard needs replacing as well.',
  expiresAt: '2026-12-23T12:00:00Z',
  createdAt: '2026-11-23T12:00:00Z',
  reference: 'pactreference',
  method: '',
  paidAt: null,
  customerPO: '',
  quoteData: {
    shipping: {
      address: { line1: '100 Congress Ave', line2: '', city: 'Austin', state: 'TX', country: 'US', postalCode: '78701' },
      contact: { firstName: 'Casey', lastName: 'Morgan', emailAddress: 'casey@example.com', phoneNumber: '5125550142', phoneCountryCode: 'US', companyName: '' },
    },
    externalResource: { serial: 'RT10000001' },
    total: { cents: 12500, currency: 'USD' },
  },
};
const paid: QuoteDetails = { ...open, status: 'paid', method: 'AuthorizeNet', paidAt: '2026-11-23T13:00:00Z' };
const DECLINED = 'The payment was declined. Please use another card or payment method.';

function fakeApi(quote: QuoteDetails = open) {
  return {
    payments: {
      quoteDetails: jest.fn(async (_uid: string) => quote),
      startPayPalOrder: jest.fn(async () => ({ paymentUrl: 'https://paypal.test/checkoutnow?token=ORDER-9' })),
      capturePayPal: jest.fn(async () => ({ ...quote, status: 'paid' as const })),
      authnetForm: jest.fn(async () => ({ formUrl: 'https://authnet.test/payment/payment', token: 'form-token' })),
      confirmAuthnet: jest.fn(async () => paid),
    },
  };
}

const results = [
  { path: '/success', element: <h1>Success</h1> },
  { path: '/service-quote-successful', element: <h1>Service quote successful</h1> },
];

function show(element: React.ReactElement, path: string, url: string, api = fakeApi(), session?: Session) {
  const user = userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
  // The result pages stand in as headings, except the one under test.
  const routes = results.filter((r) => r.path !== path);
  const view = renderAt(element, { path, url, session: session ?? sessionWith(api), routes });
  return { api, user, ...view };
}

/** An API that knows no quote (404), as for another customer's. */
function notFoundApi() {
  const api = fakeApi();
  api.payments.quoteDetails.mockRejectedValue(new ApiError(404, { error: 'payments.notFound', message: 'Not found' }));
  return api;
}

function signedOut(api: ReturnType<typeof fakeApi>): Session {
  const signIn = jest.fn();
  const state = { status: 'signed-out' } as const;
  return {
    api,
    clientId: 'service-portal',
    getState: () => state,
    subscribe: () => () => undefined,
    signIn,
  } as unknown as Session;
}

let assign: jest.SpyInstance;
let post: jest.SpyInstance;
beforeEach(() => {
  jest.useFakeTimers();
  assign = jest.spyOn(browser, 'assign').mockImplementation(() => undefined);
  post = jest.spyOn(browser, 'post').mockImplementation(() => undefined);
});
afterEach(() => {
  assign.mockRestore();
  post.mockRestore();
  jest.useRealTimers();
});

describe('pay-quote (PayPal)', () => {
  const path = '/pay-quote/:quoteid?/:reference';

  it('shows the amount, the RMA and the note, and Pay with PayPal goes to PayPal', async () => {
    const { api, user } = show(<PayQuotePage />, path, '/pay-quote/QT-PACTSERVICE1/pactreference');

    expect(await screen.findByText('Amount due: $125.00')).toBeInTheDocument();
    expect(screen.getByText('RMA-100501')).toBeInTheDocument();
    expect(screen.getByText('The keyboard needs replacing as well.')).toBeInTheDocument();
    expect(screen.getByText('Dec 23 2026')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Pay with PayPal' }));

    expect(api.payments.quoteDetails).toHaveBeenCalledWith('QT-PACTSERVICE1', expect.anything());
    expect(api.payments.startPayPalOrder).toHaveBeenCalledWith({ uid: 'QT-PACTSERVICE1', reference: 'pactreference' });
    await waitFor(() => expect(assign).toHaveBeenCalledWith('https://paypal.test/checkoutnow?token=ORDER-9'));
  });

  it('captures on the return from PayPal and goes to /success?quote=', async () => {
    const { api, router } = show(<PayQuotePage />, path, '/pay-quote/QT-PACTSERVICE1/pactreference?token=ORDER-9&PayerID=P1');

    expect(await screen.findByRole('heading', { name: 'Success' })).toBeInTheDocument();
    expect(api.payments.capturePayPal).toHaveBeenCalledTimes(1);
    expect(api.payments.capturePayPal).toHaveBeenCalledWith({ uid: 'QT-PACTSERVICE1', reference: 'pactreference', token: 'ORDER-9' });
    expect(router.state.location.search).toBe('?quote=QT-PACTSERVICE1');
  });

  it("says 'No PayPal token found' on a return without the token, and offers to pay again", async () => {
    const { api } = show(<PayQuotePage />, path, '/pay-quote/QT-PACTSERVICE1/pactreference?PayerID=P1');

    expect(await screen.findByText('No PayPal token found')).toBeInTheDocument();
    expect(api.payments.capturePayPal).not.toHaveBeenCalled();
    expect(screen.getByRole('button', { name: 'Pay with PayPal' })).toBeInTheDocument();
  });

  it('shows a declined capture and lets the customer pay again', async () => {
    const api = fakeApi();
    api.payments.capturePayPal.mockRejectedValueOnce(new ApiError(409, { error: 'payments.declined', message: DECLINED }));
    show(<PayQuotePage />, path, '/pay-quote/QT-PACTSERVICE1/pactreference?token=ORDER-9&PayerID=P1', api);

    expect(await screen.findByText(DECLINED)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Pay with PayPal' })).toBeInTheDocument();
  });

  it('reads a link with the wrong reference as an unknown quote', async () => {
    show(<PayQuotePage />, path, '/pay-quote/QT-PACTSERVICE1/notthereference');

    expect(await screen.findByText(/We could not find this quote/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Pay with PayPal' })).not.toBeInTheDocument();
  });

  it('answers an unknown quote as not found', async () => {
    const api = fakeApi();
    api.payments.quoteDetails.mockRejectedValueOnce(new ApiError(404, { error: 'payments.quoteNotFound', message: 'Quote not found' }));
    show(<PayQuotePage />, path, '/pay-quote/QT-NOPE/ref', api);

    expect(await screen.findByText(/We could not find this quote/)).toBeInTheDocument();
  });

  it.each([
    ['paid', /has already been paid/],
    ['cancelled', /was cancelled and can no longer be paid/],
    ['expired', /has expired/],
  ] as const)('explains a %s quote and offers no payment', async (status, text) => {
    show(<PayQuotePage />, path, '/pay-quote/QT-PACTSERVICE1/pactreference', fakeApi({ ...open, status }));

    expect(await screen.findByText(text)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Pay with PayPal' })).not.toBeInTheDocument();
  });
});

describe('pay-quote-by-authorize', () => {
  const path = '/pay-quote-by-authorize/:quoteid?/:reference';

  it('shows the amount, and Pay by Card posts the token to the hosted form', async () => {
    const { api, user } = show(<PayQuoteByAuthorizePage />, path, '/pay-quote-by-authorize/QT-PACTSERVICE1/pactreference');

    expect(await screen.findByText('Amount due: $125.00')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Pay by Card' }));

    expect(api.payments.authnetForm).toHaveBeenCalledWith({ uid: 'QT-PACTSERVICE1', reference: 'pactreference' });
    await waitFor(() => expect(post).toHaveBeenCalledWith('https://authnet.test/payment/payment', { token: 'form-token' }));
  });

  it("shows the server's refusal and stays", async () => {
    const api = fakeApi();
    api.payments.authnetForm.mockRejectedValueOnce(
      new ApiError(503, { error: 'payments.providerUnavailable', message: 'The payment provider is not available right now. Please try again in a few minutes.' }),
    );
    const { user } = show(<PayQuoteByAuthorizePage />, path, '/pay-quote-by-authorize/QT-PACTSERVICE1/pactreference', api);
    await user.click(await screen.findByRole('button', { name: 'Pay by Card' }));

    expect(await screen.findByText(/The payment provider is not available right now/)).toBeInTheDocument();
    expect(post).not.toHaveBeenCalled();
  });
});

describe('authnet-response', () => {
  const path = '/authnet-response';

  it('confirms the payment and goes to service-quote-successful', async () => {
    const { api, router } = show(<AuthnetResponsePage />, path, '/authnet-response?quote=QT-PACTSERVICE1');

    expect(await screen.findByRole('heading', { name: 'Service quote successful' })).toBeInTheDocument();
    expect(api.payments.confirmAuthnet).toHaveBeenCalledWith('QT-PACTSERVICE1');
    expect(router.state.location.search).toBe('?quote=QT-PACTSERVICE1');
  });

  it('asks again while the processor has no transaction yet', async () => {
    const api = fakeApi();
    const notYet = new ApiError(409, { error: 'payments.notApproved', message: 'The payment has not been approved yet.' });
    api.payments.confirmAuthnet.mockRejectedValueOnce(notYet).mockRejectedValueOnce(notYet);
    show(<AuthnetResponsePage />, path, '/authnet-response?quote=QT-PACTSERVICE1', api);

    expect(await screen.findByText('Confirming your payment with the card processor…')).toBeInTheDocument();
    await act(async () => jest.advanceTimersByTime(CONFIRM_RETRY_MS));
    await act(async () => jest.advanceTimersByTime(CONFIRM_RETRY_MS));

    expect(await screen.findByRole('heading', { name: 'Service quote successful' })).toBeInTheDocument();
    expect(api.payments.confirmAuthnet).toHaveBeenCalledTimes(3);
  });

  it('says the payment is not confirmed yet after the retries, and Check again asks once more', async () => {
    const api = fakeApi();
    api.payments.confirmAuthnet.mockRejectedValue(new ApiError(409, { error: 'payments.notApproved', message: 'not yet' }));
    const { user } = show(<AuthnetResponsePage />, path, '/authnet-response?quote=QT-PACTSERVICE1', api);

    for (let i = 0; i < CONFIRM_ATTEMPTS; i += 1) await act(async () => jest.advanceTimersByTime(CONFIRM_RETRY_MS));

    expect(await screen.findByText(/Your payment has not been confirmed yet/)).toBeInTheDocument();
    expect(api.payments.confirmAuthnet).toHaveBeenCalledTimes(CONFIRM_ATTEMPTS);
    api.payments.confirmAuthnet.mockResolvedValueOnce(paid);
    await user.click(screen.getByRole('button', { name: 'Check again' }));
    expect(await screen.findByRole('heading', { name: 'Service quote successful' })).toBeInTheDocument();
  });

  it('asks a signed-out visitor to sign in', async () => {
    const api = fakeApi();
    show(<AuthnetResponsePage />, path, '/authnet-response?quote=QT-PACTSERVICE1', api, signedOut(api));

    expect(await screen.findByText('Please sign in to see this quote and its payment.')).toBeInTheDocument();
    expect(api.payments.confirmAuthnet).not.toHaveBeenCalled();
  });
});

describe('payment results', () => {
  it.each([
    ['service-quote-successful', <ServiceQuoteSuccessfulPage key="s" />],
    ['success', <SuccessPage key="p" />],
  ])('%s says the payment was received, shows the quote and the RMA, and what comes next', async (route, page) => {
    show(page, `/${route}`, `/${route}?quote=QT-PACTSERVICE1`, fakeApi(paid));

    expect(await screen.findByRole('heading', { name: 'Thank you: your payment was received' })).toBeInTheDocument();
    expect(screen.getByText('QT-PACTSERVICE1')).toBeInTheDocument();
    expect(screen.getByText('RMA-100501')).toBeInTheDocument();
    expect(screen.getByText('Nov 23 2026')).toBeInTheDocument();
    expect(screen.getByText(/We now carry out the work on the unit of RMA RMA-100501/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Your RMAs' })).toHaveAttribute('href', '/your-account/rma-history');
  });

  it.each([
    ['opened directly, without a quote', '/success', fakeApi(paid), undefined, 'No quote was given. Please open the link from your e-mail again.'],
    ['for a quote the server does not know', '/success?quote=QT-UNKNOWN', notFoundApi(), undefined, /We could not find this quote/],
    ['for a quote not paid yet', '/success?quote=QT-PACTSERVICE1', fakeApi(open), undefined, /Your payment has not been confirmed yet/],
    ['for a cancelled quote', '/success?quote=QT-PACTSERVICE1', fakeApi({ ...open, status: 'cancelled' }), undefined, /was cancelled and can no longer be paid/],
    ['to a signed-out visitor, who is asked to sign in', '/success?quote=QT-PACTSERVICE1', fakeApi(paid), 'signed-out', 'Please sign in to see this quote and its payment.'],
  ])('success %s says what it knows and thanks for no payment', async (_, url, api, signed, text) => {
    show(<SuccessPage />, '/success', url, api, signed ? signedOut(api) : undefined);

    expect(await screen.findByText(text)).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Quote payment');
    expect(screen.queryByText(/Thank you/)).not.toBeInTheDocument();
    expect(screen.queryByText(/was received/)).not.toBeInTheDocument();
  });

  it('service-quote-cancel says nothing was charged and offers both ways to pay again', async () => {
    show(<ServiceQuoteCancelPage />, '/service-quote-cancel', '/service-quote-cancel?quote=QT-PACTSERVICE1');

    expect(screen.getByRole('heading', { name: 'Payment cancelled' })).toBeInTheDocument();
    expect(screen.getByText('You left the payment page before paying: nothing was charged.')).toBeInTheDocument();
    expect(await screen.findByText(/The quote stays open until Dec 23 2026/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Pay with PayPal' })).toHaveAttribute('href', '/pay-quote/QT-PACTSERVICE1/pactreference');
    expect(screen.getByRole('link', { name: 'Pay by Card' })).toHaveAttribute('href', '/pay-quote-by-authorize/QT-PACTSERVICE1/pactreference');
  });

  it('canceled names the cancelled RMA and what comes next', () => {
    show(<CanceledPage />, '/canceled', '/canceled?rma=RMA-100420');

    expect(screen.getByRole('heading', { name: 'RMA cancelled' })).toBeInTheDocument();
    expect(screen.getByText(/RMA RMA-100420 has been cancelled/)).toBeInTheDocument();
    expect(screen.getByText(/create a new RMA for it whenever you are ready/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Create a new RMA' })).toHaveAttribute('href', '/create-rma');
  });

  it('canceled without an RMA number still explains', () => {
    show(<CanceledPage />, '/canceled', '/canceled');

    expect(screen.getByText(/The RMA has been cancelled because its payment was not completed/)).toBeInTheDocument();
  });
});
