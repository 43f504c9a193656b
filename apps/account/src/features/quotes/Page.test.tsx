import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useLocation } from 'react-router';
import { ApiError, type AccountQuote, type Connection, type SavedQuoteData } from '@portal/api-client';
import { renderRoute, sessionWith } from '@portal/forms/testing';
import { QuotesPage } from './Page';
import { QUOTES_FAILED } from './useQuotes';

const quoteData: SavedQuoteData = {
  shipping: {
    address: { line1: '100 Congress Ave', line2: '', city: 'Austin', state: 'TX', country: 'US', postalCode: '78701' },
    contact: { firstName: 'Casey', lastName: 'Morgan', emailAddress: 'casey@example.com', phoneNumber: '5125550142', phoneCountryCode: 'US', companyName: '' },
  },
  externalResource: { serial: 'RT10000002', rmaInput: { primaryFault: 'Display', problem: 'Cracked or broken screen' } },
  total: { cents: 28900, currency: 'USD' },
};

const saved = (overrides: Partial<AccountQuote> = {}): AccountQuote => ({
  uid: 'QT-SAVED1',
  kind: 'SAVED',
  status: 'open',
  serial: 'RT10000002',
  model: 'RL14',
  rmaNumber: null,
  amount: { cents: 28900, currency: 'USD' },
  createdAt: '2026-03-02T10:00:00Z',
  expiresAt: '2026-04-01T10:00:00Z',
  mine: true,
  payLink: null,
  quoteData,
  unitBlock: null,
  ...overrides,
});

const service = (overrides: Partial<AccountQuote> = {}): AccountQuote =>
  saved({ uid: 'QT-SERVICE1', kind: 'SERVICE', rmaNumber: 'RMA-100501', serial: 'RT10000001', amount: { cents: 12500, currency: 'USD' }, payLink: '/pay-quote/QT-SERVICE1/ref123', quoteData: null, ...overrides });

const connection = (nodes: AccountQuote[], pageInfo: Partial<Connection<AccountQuote>['pageInfo']> = {}): Connection<AccountQuote> => ({
  totalCount: nodes.length,
  pageInfo: { hasNextPage: false, hasPreviousPage: false, startCursor: 's', endCursor: 'e', ...pageInfo },
  edges: nodes.map((node, i) => ({ cursor: `c${i}`, node })),
});

function Target() {
  const location = useLocation();
  return (
    <div>
      <h1>Target</h1>
      <p data-testid="where">{`${location.pathname}${location.search}`}</p>
      <p data-testid="state">{JSON.stringify(location.state)}</p>
    </div>
  );
}

function setup(quotesConnection: jest.Mock) {
  const view = renderRoute(<QuotesPage />, {
    path: '/your-account/quotes',
    url: '/your-account/quotes',
    session: sessionWith({ account: { quotesConnection } } as never),
    routes: [
      { path: '/create-rma/:serial?/confirm-quote', element: <Target /> },
      { path: '/pay-quote/:quoteid?/:reference', element: <Target /> },
    ],
  });
  return { user: userEvent.setup(), ...view };
}

const byKind = (savedPage: Connection<AccountQuote>, servicePage: Connection<AccountQuote>) =>
  jest.fn(async (search: { kinds: string[] }) => (search.kinds[0] === 'SAVED' ? savedPage : servicePage));

describe('quotes', () => {
  it('lists saved quotes and service quotes waiting for payment, soonest expiry first', async () => {
    const quotesConnection = byKind(connection([saved(), saved({ uid: 'QT-SAVED2', mine: false })]), connection([service()]));
    setup(quotesConnection);

    const savedTable = await screen.findByRole('table', { name: 'Saved quotes' });
    const rows = within(savedTable).getAllByRole('row');
    expect(rows[1]).toHaveTextContent('QT-SAVED1');
    expect(rows[1]).toHaveTextContent('$289.00');
    expect(rows[1]).toHaveTextContent('Apr 1 2026');
    expect(within(rows[2] as HTMLElement).getByText('Organization')).toBeInTheDocument();
    expect(within(rows[1] as HTMLElement).getByRole('button', { name: 'Open QT-SAVED1' })).toBeInTheDocument();
    expect(within(rows[2] as HTMLElement).queryByRole('button')).not.toBeInTheDocument();

    const serviceTable = await screen.findByRole('table', { name: 'Service quotes waiting for payment' });
    expect(serviceTable).toHaveTextContent('RMA-100501');
    expect(serviceTable).toHaveTextContent('$125.00');
    expect(quotesConnection).toHaveBeenCalledWith({ kinds: ['SAVED'] }, { field: 'EXPIRES_AT', desc: false }, { first: 10 }, expect.anything());
    expect(quotesConnection).toHaveBeenCalledWith({ kinds: ['SERVICE'] }, { field: 'EXPIRES_AT', desc: false }, { first: 10 }, expect.anything());
  });

  it('opens a saved quote on the confirm step of its serial, with the quote to pay', async () => {
    const { user } = setup(byKind(connection([saved()]), connection([])));

    await user.click(await screen.findByRole('button', { name: 'Open QT-SAVED1' }));

    expect(await screen.findByRole('heading', { name: 'Target' })).toBeInTheDocument();
    expect(screen.getByTestId('where')).toHaveTextContent('/create-rma/RT10000002/confirm-quote?quote=QT-SAVED1');
    expect(JSON.parse(screen.getByTestId('state').textContent ?? 'null')).toEqual({ quoteData, quoteId: 'QT-SAVED1', toPage: 4 });
  });

  it.each([
    ['OPEN_RMA', 'Its unit has an open RMA: this quote can be used once that RMA is closed.'],
    ['END_OF_SERVICE', 'Its unit has reached the end of service: this quote can no longer be used.'],
    ['HELPDESK_ONLY', 'Please contact the helpdesk to arrange the return of this unit.'],
  ] as const)('offers no Open for a saved quote whose unit would refuse its RMA (%s), and says why', async (unitBlock, text) => {
    setup(byKind(connection([saved({ unitBlock })]), connection([])));

    const row = within(await screen.findByRole('table', { name: 'Saved quotes' })).getAllByRole('row')[1] as HTMLElement;
    expect(within(row).getByText(text)).toBeInTheDocument();
    expect(within(row).queryByRole('button', { name: 'Open QT-SAVED1' })).not.toBeInTheDocument();
  });

  it('opens a saved quote whose data could not be read by its id alone (the page fetches it)', async () => {
    const { user } = setup(byKind(connection([saved({ quoteData: null })]), connection([])));

    await user.click(await screen.findByRole('button', { name: 'Open QT-SAVED1' }));

    expect(await screen.findByTestId('where')).toHaveTextContent('/create-rma/RT10000002/confirm-quote?quote=QT-SAVED1');
    expect(screen.getByTestId('state')).toHaveTextContent('null');
  });

  it('links a service quote to its pay-quote page', async () => {
    const { user } = setup(byKind(connection([]), connection([service()])));

    await user.click(await screen.findByRole('link', { name: 'Pay QT-SERVICE1' }));

    expect(await screen.findByTestId('where')).toHaveTextContent('/pay-quote/QT-SERVICE1/ref123');
  });

  it('says when there are none', async () => {
    setup(byKind(connection([]), connection([])));

    expect(await screen.findByText('You have no saved quotes.')).toBeInTheDocument();
    expect(await screen.findByText('No service quote is waiting for payment.')).toBeInTheDocument();
  });

  it('shows a failure and loads again on request', async () => {
    const quotesConnection = jest
      .fn()
      .mockRejectedValueOnce(new ApiError(0, { error: 'network', message: 'offline' }))
      .mockResolvedValue(connection([saved()]));
    const { user } = setup(quotesConnection);

    expect(await screen.findByText(QUOTES_FAILED)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Try again' }));

    await waitFor(() => expect(screen.queryByText(QUOTES_FAILED)).not.toBeInTheDocument());
  });

  it('pages saved quotes with first/after and last/before', async () => {
    const quotesConnection = jest.fn(async (search: { kinds: string[] }, _sort: unknown, page: { after?: string }) => {
      if (search.kinds[0] === 'SERVICE') return connection([]);
      return page.after ? connection([saved({ uid: 'QT-SAVED11' })], { hasPreviousPage: true, startCursor: 's2' }) : connection([saved()], { hasNextPage: true, endCursor: 'e1' });
    });
    const { user } = setup(quotesConnection);
    const pages = await screen.findByRole('navigation', { name: 'Pages of saved quotes' });

    await user.click(within(pages).getByRole('button', { name: 'Next page' }));
    expect(await screen.findByText('QT-SAVED11')).toBeInTheDocument();
    expect(quotesConnection).toHaveBeenLastCalledWith({ kinds: ['SAVED'] }, expect.anything(), { first: 10, after: 'e1' }, expect.anything());

    await user.click(within(screen.getByRole('navigation', { name: 'Pages of saved quotes' })).getByRole('button', { name: 'Previous page' }));
    await waitFor(() =>
      expect(quotesConnection).toHaveBeenLastCalledWith({ kinds: ['SAVED'] }, expect.anything(), { last: 10, before: 's2' }, expect.anything()),
    );
  });
});
