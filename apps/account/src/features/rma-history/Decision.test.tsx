import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import {
  ApiError,
  type Connection,
  type DecisionResult,
  type DiagnosisPhoto,
  type PaymentOptions,
  type RmaDetails,
  type RmaDiagnosis,
  type RmaHistoryItem,
} from '@portal/api-client';
import { SessionProvider } from '@portal/auth';
import { browser } from '@portal/forms/payable';
import { sessionWith } from '@portal/forms/testing';
import { PortalThemeProvider } from '@portal/ui';
import { RmaHistoryPage } from './Page';

// The diagnosis in the details window, its photos, and the customer's decision on a revised
// quote; and the e-mails' link (?rma=) that opens an RMA's details.

const item: RmaHistoryItem = {
  uid: 'uid-1',
  rmaNumber: 'RMA-100501',
  rmaType: 'REPAIR',
  status: 'QUOTE_PENDING',
  serial: 'RT10000001',
  model: 'RL14',
  problem: 'Cracked or broken screen',
  customerReference: '',
  assetTag: '',
  openedBy: 'Casey Morgan',
  mine: true,
  batchId: null,
  createdAt: '2026-03-02T10:00:00Z',
  updatedAt: '2026-03-06T10:00:00Z',
};

const diagnosis: RmaDiagnosis = {
  at: '2026-03-06T10:00:00Z',
  outcome: 'REVISED_QUOTE',
  findings: [
    {
      code: 'LIQUID_DAMAGE',
      label: 'Liquid damage',
      description: 'Corrosion on the main board near the charging port.',
      removesCover: true,
      photos: [
        { id: 'ph-1', url: '/rma-manager/rma/details/RMA-100501/photos/ph-1' },
        { id: 'ph-2', url: '/rma-manager/rma/details/RMA-100501/photos/ph-2' },
      ],
    },
    { code: 'WEAR', label: 'Wear', description: 'Worn keyboard.', removesCover: false, photos: [] },
  ],
  technicianNote: 'The board must be replaced.',
  lineItems: [
    { kind: 'REPAIR_OPTION', code: 'Main board', description: 'Main board replacement', quantity: 1, unitPrice: '200.00', amount: '200.00' },
    { kind: 'PART', code: 'KB-14', description: 'Keyboard', quantity: 1, unitPrice: '40.00', amount: '40.00' },
  ],
  total: '240.00',
  alreadyPaid: '0.00',
  amountDue: '240.00',
  quoteId: 'QT-1',
  choices: [
    { choice: 'APPROVE', price: '240.00' },
    { choice: 'RETURN_UNREPAIRED', price: '45.00' },
    { choice: 'RECYCLE', price: '0.00' },
  ],
  decideBy: '2026-04-05T10:00:00Z',
  decision: null,
};

const details: RmaDetails = {
  uid: 'uid-1',
  rmaNumber: 'RMA-100501',
  rmaType: 'REPAIR',
  status: 'QUOTE_PENDING',
  mine: true,
  openedBy: 'Casey Morgan',
  serial: 'RT10000001',
  model: 'RL14',
  partNumber: 'RL14-G2-16',
  problem: { primaryFault: 'Display', problem: 'Cracked or broken screen', initialNotes: '', customerReference: '', assetTag: '' },
  contact: { firstName: 'Casey', lastName: 'Morgan', email: 'casey@example.com', phone: '5125550142', phoneCountryCode: 'US', company: '', position: '' },
  address: { line1: '100 Congress Ave', line2: '', city: 'Austin', state: 'TX', country: 'US', postalCode: '78701' },
  shippingMethod: 'label',
  trackingNumber: '',
  returnTrackingNumber: '',
  label: null,
  commercialInvoice: null,
  labelExpiresAt: null,
  promisedShipDate: null,
  batchId: null,
  batchBox: null,
  createdAt: '2026-03-02T10:00:00Z',
  updatedAt: '2026-03-06T10:00:00Z',
  timeline: [{ at: '2026-03-06T10:00:00Z', status: 'QUOTE_PENDING', kind: 'status', actor: 'Service center', note: '' }],
  diagnosis,
};

const CARD_ONLY: PaymentOptions = { methods: ['PayPal'], defaultMethod: 'PayPal', poReleaseRequired: false, discountPercent: 0 };
const PO_WITH_RELEASE: PaymentOptions = { methods: ['PayPal', 'PO'], defaultMethod: 'PO', poReleaseRequired: true, discountPercent: 0 };

const connection = (items: RmaHistoryItem[]): Connection<RmaHistoryItem> => ({
  totalCount: items.length,
  pageInfo: { hasNextPage: false, hasPreviousPage: false, startCursor: 'start', endCursor: 'end' },
  edges: items.map((node, i) => ({ cursor: `c${i}`, node })),
});

function setup({ url = '/your-account/rma-history', options = CARD_ONLY }: { url?: string; options?: PaymentOptions } = {}) {
  const account = {
    rmasConnection: jest.fn(async () => connection([item])),
    details: jest.fn(async () => details),
    diagnosisPhoto: jest.fn(async (photo: DiagnosisPhoto) => new Blob([photo.id], { type: 'image/jpeg' })),
  };
  const repair = {
    paymentOptions: jest.fn(async () => options),
    decide: jest.fn(async (): Promise<DecisionResult> => ({ status: 'RETURN_UNREPAIRED', paymentUrl: 'https://pay.test/quote/QT-FEE' })),
  };
  const uploads = { uploadPurchaseOrder: jest.fn(async () => [{ fileId: 'po-file-1', originalname: 'po.pdf' }]) };
  const router = createMemoryRouter([{ path: '/your-account/rma-history', element: <RmaHistoryPage /> }], { initialEntries: [url] });
  render(
    <PortalThemeProvider>
      <SessionProvider session={sessionWith({ account, repair, uploads } as never)}>
        <RouterProvider router={router} />
      </SessionProvider>
    </PortalThemeProvider>,
  );
  return { account, repair, uploads, router, user: userEvent.setup() };
}

async function openDetails(user: ReturnType<typeof userEvent.setup>) {
  await user.click(await screen.findByRole('button', { name: 'Details of RMA-100501' }));
  const dialog = await screen.findByRole('dialog', { name: 'RMA-100501' });
  await within(dialog).findByRole('region', { name: 'Diagnosis' });
  return dialog;
}

let assign: jest.SpyInstance;
let urls = 0;
beforeEach(() => {
  assign = jest.spyOn(browser, 'assign').mockImplementation(() => undefined);
  URL.createObjectURL = jest.fn(() => `blob:http://portal.test/photo-${(urls += 1)}`);
  URL.revokeObjectURL = jest.fn();
});
afterEach(() => assign.mockRestore());

describe('the diagnosis in the details window', () => {
  it('shows the findings, the cover marker, the note, the priced lines and what is due', async () => {
    const { user } = setup();
    const dialog = await openDetails(user);
    const section = within(dialog).getByRole('region', { name: 'Diagnosis' });

    expect(section).toHaveTextContent('Diagnosed on Mar 6 2026.');
    const findings = within(within(section).getByRole('list', { name: 'Findings' })).getAllByRole('listitem', { name: '' });
    expect(findings[0]).toHaveTextContent('Liquid damage');
    expect(findings[0]).toHaveTextContent('Removes warranty cover');
    expect(findings[0]).toHaveTextContent('Corrosion on the main board near the charging port.');
    expect(within(section).getByText('Worn keyboard.').closest('li')).not.toHaveTextContent('Removes warranty cover');
    expect(section).toHaveTextContent('Technician’s note: The board must be replaced.');

    const rows = within(within(section).getByRole('table', { name: 'Repair costs' })).getAllByRole('row');
    expect(rows.map((row) => row.textContent)).toEqual([
      'DescriptionQtyUnit priceAmount',
      'Main board replacement1$200.00$200.00',
      'Keyboard1$40.00$40.00',
    ]);
    const totals = within(section).getByLabelText('Totals');
    expect(totals).toHaveTextContent('Total$240.00Already paid$0.00Amount due$240.00');
  });

  it('fetches each photo with the token and opens it larger in a window of its own', async () => {
    const { account, user } = setup();
    const dialog = await openDetails(user);

    const first = await within(dialog).findByRole('img', { name: 'Liquid damage, photo 1 of 2' });
    expect(first).toHaveAttribute('src', expect.stringMatching(/^blob:/));
    expect(account.diagnosisPhoto).toHaveBeenCalledWith(diagnosis.findings[0]?.photos[0], expect.objectContaining({ signal: expect.any(AbortSignal) }));
    expect(account.diagnosisPhoto).toHaveBeenCalledWith(diagnosis.findings[0]?.photos[1], expect.anything());

    await user.click(within(dialog).getByRole('button', { name: 'Enlarge Liquid damage, photo 1 of 2' }));
    const large = await screen.findByRole('dialog', { name: 'Liquid damage, photo 1 of 2' });
    expect(within(large).getByRole('img', { name: 'Liquid damage, photo 1 of 2' })).toHaveAttribute('src', first.getAttribute('src'));
    await user.click(within(large).getByRole('button', { name: 'Close photo' }));
    expect(screen.queryByRole('dialog', { name: 'Liquid damage, photo 1 of 2' })).not.toBeInTheDocument();
    expect(screen.getByRole('dialog', { name: 'RMA-100501' })).toBeInTheDocument();

    // Closing the window lets the photos' bytes go.
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    expect(URL.revokeObjectURL).toHaveBeenCalledWith(first.getAttribute('src'));
  });

  it('says so when a photo cannot be loaded', async () => {
    const { account, user } = setup();
    account.diagnosisPhoto.mockRejectedValue(new ApiError(404, { error: 'rma.notFound', message: 'RMA not found' }));
    const dialog = await openDetails(user);

    expect(await within(dialog).findAllByText('This photo could not be loaded.')).toHaveLength(2);
  });

  it('tells an organization member how many photos there are, without asking for them', async () => {
    const { account, user } = setup();
    account.details.mockResolvedValue({ ...details, mine: false, openedBy: 'Diego Alvarez' });
    const dialog = await openDetails(user);

    expect(within(dialog).getByText('2 photos, shown to the customer who opened this RMA.')).toBeInTheDocument();
    expect(account.diagnosisPhoto).not.toHaveBeenCalled();
    expect(within(dialog).queryByRole('region', { name: 'Your decision' })).not.toBeInTheDocument();
  });

  it('offers no decision on a covered diagnosis', async () => {
    const { account, user } = setup();
    account.details.mockResolvedValue({ ...details, status: 'DIAGNOSING', diagnosis: { ...diagnosis, outcome: 'COVERED', choices: [], decideBy: null } });
    const dialog = await openDetails(user);

    expect(within(dialog).getByRole('region', { name: 'Diagnosis' })).toHaveTextContent('The repair is covered: there is nothing more to pay.');
    expect(within(dialog).queryByRole('region', { name: 'Your decision' })).not.toBeInTheDocument();
  });
});

describe('your decision', () => {
  it('offers the three priced choices with the date to decide by, and nothing charged before', async () => {
    const { user } = setup();
    const dialog = await openDetails(user);
    const decision = within(dialog).getByRole('region', { name: 'Your decision' });

    expect(decision).toHaveTextContent('Decide by Apr 5 2026.');
    expect(decision).toHaveTextContent('Nothing is charged until you decide.');
    const group = within(decision).getByRole('radiogroup', { name: 'What should we do with your unit?' });
    expect(within(group).getAllByRole('radio').map((radio) => radio.closest('label')?.textContent)).toEqual([
      expect.stringMatching(/^Approve the repair: \$240\.00/),
      expect.stringMatching(/^Return unrepaired: \$45\.00/),
      expect.stringMatching(/^Recycle the unit: Free/),
    ]);
  });

  it('asks for a choice before sending anything', async () => {
    const { repair, user } = setup();
    const dialog = await openDetails(user);

    await user.click(within(dialog).getByRole('button', { name: 'Submit decision' }));

    expect(await within(dialog).findByText('Required')).toBeInTheDocument();
    expect(within(dialog).getByRole('radiogroup')).toHaveAttribute('aria-invalid', 'true');
    expect(repair.decide).not.toHaveBeenCalled();
  });

  it('returns the unit unrepaired: the new status shows, the details and the history are read again', async () => {
    const { account, repair, user } = setup();
    const dialog = await openDetails(user);
    const returned = { ...details, status: 'RETURN_UNREPAIRED', diagnosis: { ...diagnosis, decision: { choice: 'RETURN_UNREPAIRED' as const, at: '2026-03-07T10:00:00Z', paymentMethod: null, paid: false } } };
    account.details.mockResolvedValue(returned);
    account.rmasConnection.mockResolvedValue(connection([{ ...item, status: 'RETURN_UNREPAIRED' }]));

    await user.click(within(dialog).getByRole('radio', { name: /Return unrepaired/ }));
    await user.click(within(dialog).getByRole('button', { name: 'Submit decision' }));

    expect(await within(dialog).findByText(/Your decision is recorded\. Your RMA is now: Returning unrepaired\./)).toBeInTheDocument();
    expect(repair.decide).toHaveBeenCalledWith('RMA-100501', { choice: 'RETURN_UNREPAIRED' });
    expect(within(dialog).getByRole('link', { name: 'Pay the return fee' })).toHaveAttribute('href', 'https://pay.test/quote/QT-FEE');
    await waitFor(() => expect(within(dialog).queryByRole('region', { name: 'Your decision' })).not.toBeInTheDocument());
    expect(account.details).toHaveBeenCalledTimes(2);
    const table = screen.getByRole('table', { name: 'Your RMAs' });
    await waitFor(() => expect(table).toHaveTextContent('Returning unrepaired'));
    expect(assign).not.toHaveBeenCalled();
  });

  it('approves by card: it goes to the card payment page', async () => {
    const { repair, user } = setup();
    repair.decide.mockResolvedValue({ status: 'QUOTE_PENDING', paymentUrl: 'https://pay.test/quote/QT-1' });
    const dialog = await openDetails(user);

    await user.click(within(dialog).getByRole('radio', { name: /Approve the repair/ }));
    expect(await within(dialog).findByRole('radio', { name: 'Credit Card' })).toBeChecked();
    await user.click(within(dialog).getByRole('button', { name: 'Submit decision' }));

    await waitFor(() => expect(assign).toHaveBeenCalledWith('https://pay.test/quote/QT-1'));
    expect(repair.decide).toHaveBeenCalledWith('RMA-100501', { choice: 'APPROVE', paymentData: { paymentMethod: 'CREDIT_CARD' } });
  });

  it('approves by PO with the spec §5 rules: number, release number and file, sent as PO-release', async () => {
    const { repair, uploads, user } = setup({ options: PO_WITH_RELEASE });
    repair.decide.mockResolvedValue({ status: 'REPAIRING', paymentUrl: null });
    const dialog = await openDetails(user);

    await user.click(within(dialog).getByRole('radio', { name: /Approve the repair/ }));
    expect(await within(dialog).findByRole('radio', { name: 'PO' })).toBeChecked();
    await user.click(within(dialog).getByRole('button', { name: 'Submit decision' }));
    expect(within(dialog).getByRole('textbox', { name: 'PO Number' })).toHaveAccessibleDescription(expect.stringContaining('Required'));
    expect(within(dialog).getByRole('textbox', { name: 'Release Number' })).toHaveAccessibleDescription(expect.stringContaining('Required'));
    expect(within(dialog).getByText('Must Attach Files')).toBeInTheDocument();
    expect(repair.decide).not.toHaveBeenCalled();

    await user.type(within(dialog).getByRole('textbox', { name: 'PO Number' }), 'PO-7781');
    await user.type(within(dialog).getByRole('textbox', { name: 'Release Number' }), '12345');
    await user.upload(within(dialog).getByLabelText('PO File'), new File(['%PDF'], 'po.pdf', { type: 'application/pdf' }));
    await within(dialog).findByText('Attached: po.pdf');
    expect(uploads.uploadPurchaseOrder).toHaveBeenCalled();
    await user.click(within(dialog).getByRole('button', { name: 'Submit decision' }));

    expect(await within(dialog).findByText(/Your RMA is now: Repairing\./)).toBeInTheDocument();
    expect(repair.decide).toHaveBeenCalledWith('RMA-100501', {
      choice: 'APPROVE',
      paymentData: { paymentMethod: 'PO', customerPO: 'PO-7781-12345', customerPOFileId: 'po-file-1' },
    });
    expect(assign).not.toHaveBeenCalled();
  });

  it('shows the server’s field message beside its field and its refusal in the form', async () => {
    const { repair, user } = setup({ options: PO_WITH_RELEASE });
    repair.decide.mockRejectedValue(
      new ApiError(400, { error: 'validation', message: 'Some fields are not valid', fields: { 'paymentData.customerPO': 'Must be less than 36 characters' } }),
    );
    const dialog = await openDetails(user);
    await user.click(within(dialog).getByRole('radio', { name: /Approve the repair/ }));
    await user.type(await within(dialog).findByRole('textbox', { name: 'PO Number' }), 'PO-7781');
    await user.type(within(dialog).getByRole('textbox', { name: 'Release Number' }), '12345');
    await user.upload(within(dialog).getByLabelText('PO File'), new File(['%PDF'], 'po.pdf', { type: 'application/pdf' }));
    await within(dialog).findByText('Attached: po.pdf');

    await user.click(within(dialog).getByRole('button', { name: 'Submit decision' }));

    await waitFor(() =>
      expect(within(dialog).getByRole('textbox', { name: 'PO Number' })).toHaveAccessibleDescription(expect.stringContaining('Must be less than 36 characters')),
    );
    expect(within(dialog).getByText('Some fields are not valid')).toBeInTheDocument();
  });

  it('says when the quote no longer awaits a decision', async () => {
    const { repair, user } = setup();
    repair.decide.mockRejectedValue(new ApiError(409, { error: 'rma.noDecisionPending', message: 'This RMA has no quote awaiting your decision.' }));
    const dialog = await openDetails(user);

    await user.click(within(dialog).getByRole('radio', { name: /Recycle the unit/ }));
    await user.click(within(dialog).getByRole('button', { name: 'Submit decision' }));

    expect(await within(dialog).findByText('This RMA has no quote awaiting your decision.')).toBeInTheDocument();
  });

  it('offers the card page again after a card approval left unpaid', async () => {
    const { account, repair, user } = setup();
    const decision = { choice: 'APPROVE' as const, at: '2026-03-07T10:00:00Z', paymentMethod: 'CREDIT_CARD' as const, paid: false };
    account.details.mockResolvedValue({ ...details, diagnosis: { ...diagnosis, decision } });
    repair.decide.mockResolvedValue({ status: 'QUOTE_PENDING', paymentUrl: 'https://pay.test/quote/QT-1' });
    const dialog = await openDetails(user);

    expect(within(dialog).getByText(/the payment is not complete/)).toBeInTheDocument();
    expect(within(dialog).getByRole('radio', { name: /Approve the repair/ })).toBeChecked();
    await user.click(await within(dialog).findByRole('button', { name: 'Submit decision' }));

    await waitFor(() => expect(assign).toHaveBeenCalledWith('https://pay.test/quote/QT-1'));
  });
});

describe('the e-mails’ link', () => {
  it('opens the linked RMA’s details, found by its number, and leaves the address on close', async () => {
    const { account, router, user } = setup({ url: '/your-account/rma-history?rma=RMA-100501' });

    const dialog = await screen.findByRole('dialog', { name: 'RMA-100501' });
    await within(dialog).findByRole('region', { name: 'Your decision' });
    expect(account.rmasConnection).toHaveBeenCalledWith({ text: 'RMA-100501' }, expect.anything(), { first: 10 }, expect.anything());
    expect(account.details).toHaveBeenCalledWith('uid-1', expect.anything());

    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(router.state.location.search).toBe('');
  });

  it('says when the linked RMA is not among the viewer’s', async () => {
    const { account } = setup({ url: '/your-account/rma-history?rma=RMA-999999' });
    account.rmasConnection.mockResolvedValue(connection([item]));

    const dialog = await screen.findByRole('dialog', { name: 'RMA-999999' });
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('RMA-999999 is not among your RMAs.');
    expect(account.details).not.toHaveBeenCalled();
  });
});
