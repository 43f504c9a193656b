import { configure, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ApiError, type DepotRma } from '@portal/api-client';
import { renderDesk } from '../../test/session';
import { ServiceDeskRmaPage } from './Page';

configure({ asyncUtilTimeout: 5_000 });

const rmaIn = (status: string, over: Partial<DepotRma> = {}): DepotRma => ({
  rmaNumber: 'RMA-100501',
  serial: 'RT10000001',
  model: 'RL14',
  rmaType: 'REPAIR',
  status,
  warrantyType: 'STANDARD',
  customer: 'Casey Morgan',
  company: 'Morgan Field Services',
  createdAt: '2026-03-01T09:00:00Z',
  receivedAt: status === 'AWAITING_UNIT' ? null : '2026-03-02T10:00:00Z',
  promisedShipDate: status === 'AWAITING_UNIT' ? null : '2026-03-12',
  returnTrackingNumber: '',
  problem: { fault: 'Screen', problem: 'Cracked display', notes: '' },
  receipt: null,
  diagnosis: null,
  repair: null,
  timeline: [
    { at: '2026-03-01T09:00:00Z', kind: 'STATUS', status: 'AWAITING_UNIT', actor: 'casey@example.com', detail: 'RMA created' },
    { at: '2026-03-01T09:01:00Z', kind: 'label_issued', status: '', actor: 'Portal', detail: '' },
  ],
  moves: { AWAITING_UNIT: ['receive'], RECEIVED: ['diagnose'], DIAGNOSING: ['repair'], REPAIRING: ['ship'] }[status] as DepotRma['moves'] ?? [],
  ...over,
});

function setup(depot: Record<string, jest.Mock>) {
  const user = userEvent.setup({ delay: null });
  const view = renderDesk(<ServiceDeskRmaPage />, { path: '/service-desk/rma/:number', url: '/service-desk/rma/RMA-100501', depot });
  return { user, ...view };
}

const photo = () => new File(['jpeg'], 'front.jpg', { type: 'image/jpeg' });

describe('RMA work page: receive', () => {
  it("shows the RMA's facts, promised date and timeline", async () => {
    setup({ rma: jest.fn(async () => rmaIn('RECEIVED')), photo: jest.fn(async () => new Blob()) });

    const facts = await screen.findByRole('region', { name: 'RMA' });
    expect(facts).toHaveTextContent('RT10000001');
    expect(facts).toHaveTextContent('Mar 12 2026');
    expect(within(screen.getByRole('region', { name: 'Timeline' })).getByText(/RMA created/)).toBeInTheDocument();
    // An event that moved no status says what it was.
    expect(within(screen.getByRole('region', { name: 'Timeline' })).getByText(/Label issued · Portal/)).toBeInTheDocument();
  });

  it('asks for a condition photo before it receives, with the focus on the scanned serial', async () => {
    const receive = jest.fn();
    const { user } = setup({ rma: jest.fn(async () => rmaIn('AWAITING_UNIT')), receive });

    const serial = await screen.findByRole('textbox', { name: 'Scanned serial' });
    expect(serial).toHaveFocus();
    await user.type(serial, 'RT10000001{Enter}');

    expect(await screen.findByText("Add at least one photo of the unit's condition")).toBeInTheDocument();
    // The first field in question takes the keyboard.
    expect(screen.getByLabelText(/Condition photos/)).toHaveFocus();
    expect(receive).not.toHaveBeenCalled();
  });

  it('receives with the uploaded photo and shows the next step the server allows', async () => {
    const rma = jest.fn().mockResolvedValueOnce(rmaIn('AWAITING_UNIT')).mockResolvedValue(rmaIn('RECEIVED'));
    const uploadPhotos = jest.fn(async () => [{ originalname: 'front.jpg', bucketFileName: 'rma/2026/11/a.jpg' }]);
    const receive = jest.fn(async () => ({ rmaNumber: 'RMA-100501', status: 'RECEIVED' }));
    const { user } = setup({ rma, uploadPhotos, receive });

    await user.type(await screen.findByRole('textbox', { name: 'Scanned serial' }), 'rt10000001');
    await user.upload(screen.getByLabelText(/Condition photos/), photo());
    await screen.findByText('front.jpg');
    await user.type(screen.getByRole('textbox', { name: 'Notes' }), 'Scuffed corner');
    await user.click(screen.getByRole('button', { name: 'Receive' }));

    expect(await screen.findByRole('region', { name: 'Diagnose' })).toBeInTheDocument();
    // The next step takes the keyboard where it left off.
    expect(screen.getByRole('combobox', { name: 'Finding 1 kind' })).toHaveFocus();
    expect(receive).toHaveBeenCalledWith('RMA-100501', { serial: 'rt10000001', photos: ['rma/2026/11/a.jpg'], notes: 'Scuffed corner' });
  });

  it("shows a photo the uploads refuse in the API's words, and keeps it off the receipt", async () => {
    const uploadPhotos = jest.fn(async () => {
      throw new ApiError(400, { error: 'uploads.unsupportedType', message: 'Only photos, videos and PDF files can be attached.' });
    });
    const receive = jest.fn();
    const { user } = setup({ rma: jest.fn(async () => rmaIn('AWAITING_UNIT')), uploadPhotos, receive });

    await user.type(await screen.findByRole('textbox', { name: 'Scanned serial' }), 'RT10000001');
    await user.upload(screen.getByLabelText(/Condition photos/), photo());

    expect(await screen.findByRole('alert')).toHaveTextContent('Only photos, videos and PDF files can be attached.');
    await user.click(screen.getByRole('button', { name: 'Receive' }));
    expect(await screen.findByText("Add at least one photo of the unit's condition")).toBeInTheDocument();
    expect(receive).not.toHaveBeenCalled();
  });

  it('shows a serial mismatch in the API words and stays on the receipt', async () => {
    const uploadPhotos = jest.fn(async () => [{ originalname: 'front.jpg', bucketFileName: 'rma/2026/11/a.jpg' }]);
    const receive = jest.fn(async () => {
      throw new ApiError(409, { error: 'depot.serialMismatch', message: 'The scanned serial is not this RMA’s unit.' });
    });
    const { user } = setup({ rma: jest.fn(async () => rmaIn('AWAITING_UNIT')), uploadPhotos, receive });

    await user.type(await screen.findByRole('textbox', { name: 'Scanned serial' }), 'RT99999999');
    await user.upload(screen.getByLabelText(/Condition photos/), photo());
    await screen.findByText('front.jpg');
    await user.click(screen.getByRole('button', { name: 'Receive' }));

    expect(await screen.findByRole('alert')).toHaveTextContent('The scanned serial is not this RMA’s unit.');
    expect(screen.getByRole('region', { name: 'Receive the unit' })).toBeInTheDocument();
  });
});

describe('RMA work page: diagnose, repair, ship', () => {
  it('says a revised quote went to the customer, then shows the diagnosis awaiting their decision with its photos', async () => {
    URL.createObjectURL = jest.fn(() => 'blob:http://portal.test/photo');
    URL.revokeObjectURL = jest.fn();
    const quoted = rmaIn('QUOTE_PENDING', {
      moves: [],
      receipt: { photos: [{ id: 'rma/2026/11/a.jpg' }], notes: 'Scuffed corner', at: '2026-03-02T10:00:00Z' },
      diagnosis: {
        at: '2026-03-03T10:00:00Z',
        outcome: 'REVISED_QUOTE',
        findings: [{ code: 'LIQUID_DAMAGE', label: 'Liquid damage', description: 'Corrosion', removesCover: true, photos: [{ id: 'rma/2026/11/b.jpg', url: '/depot/photos/rma/2026/11/b.jpg' }] }],
        technicianNote: '',
        lineItems: [{ kind: 'PART', code: 'RL14-BAT', description: 'Battery pack', quantity: 1, unitPrice: '40.00', amount: '40.00' }],
        total: '40.00',
        alreadyPaid: '0.00',
        amountDue: '40.00',
        quoteId: 'QT-1',
        choices: [{ choice: 'APPROVE', price: '40.00' }, { choice: 'RETURN_UNREPAIRED', price: '45.00' }, { choice: 'RECYCLE', price: '0.00' }],
        decideBy: '2026-04-02T10:00:00Z',
        decision: null,
      },
    });
    const rma = jest.fn().mockResolvedValueOnce(rmaIn('RECEIVED')).mockResolvedValue(quoted);
    const diagnose = jest.fn(async () => ({ rmaNumber: 'RMA-100501', status: 'QUOTE_PENDING', outcome: 'REVISED_QUOTE', quoteId: 'QT-1', amountDue: '40.00' }));
    const photo = jest.fn(async () => new Blob(['jpeg'], { type: 'image/jpeg' }));
    const { user } = setup({ rma, diagnose, photo });

    await user.type(await screen.findByRole('textbox', { name: 'Finding 1 description' }), 'Worn battery');
    await user.click(screen.getByRole('button', { name: 'Record diagnosis' }));

    expect(await screen.findByText('Diagnosis recorded: a revised quote of $40.00 went to the customer. The RMA waits for their decision.')).toBeInTheDocument();
    const diagnosis = await screen.findByRole('region', { name: 'Diagnosis' });
    expect(diagnosis).toHaveTextContent('Liquid damage (removes warranty cover)');
    expect(diagnosis).toHaveTextContent('Awaiting the customer');
    expect(await within(diagnosis).findByRole('img', { name: 'Liquid damage photo 1' })).toHaveAttribute('src', 'blob:http://portal.test/photo');
    expect(await within(screen.getByRole('region', { name: 'Receipt' })).findByRole('img', { name: 'Condition photo 1' })).toBeInTheDocument();
    expect(photo).toHaveBeenCalledWith('rma/2026/11/b.jpg', expect.anything());
    expect(screen.getByText('Nothing for the depot to do on this RMA now.')).toBeInTheDocument();
  });

  it("shows the API's field message beside the finding's description", async () => {
    const diagnose = jest.fn(async () => {
      throw new ApiError(400, { error: 'validation', message: 'Some fields are invalid.', fields: { 'findings[0].description': 'At most 1000 characters' } });
    });
    const { user } = setup({ rma: jest.fn(async () => rmaIn('RECEIVED')), diagnose });

    await user.type(await screen.findByRole('textbox', { name: 'Finding 1 description' }), 'Loose connector');
    await user.click(screen.getByRole('button', { name: 'Record diagnosis' }));

    expect(await screen.findByText('At most 1000 characters')).toBeInTheDocument();
    const description = screen.getByRole('textbox', { name: 'Finding 1 description' });
    expect(description).toHaveAccessibleDescription('At most 1000 characters');
    expect(description).toHaveFocus();
  });

  it('asks for two photos of damage that removes warranty cover before it sends', async () => {
    const diagnose = jest.fn();
    const { user } = setup({ rma: jest.fn(async () => rmaIn('RECEIVED')), diagnose });

    await user.selectOptions(await screen.findByRole('combobox', { name: 'Finding 1 kind' }), 'LIQUID_DAMAGE');
    await user.type(screen.getByRole('textbox', { name: 'Finding 1 description' }), 'Corrosion');
    await user.click(screen.getByRole('button', { name: 'Record diagnosis' }));

    expect(await screen.findByText('Attach at least 2 photos of a finding that removes warranty cover')).toBeInTheDocument();
    expect(diagnose).not.toHaveBeenCalled();
  });

  it('records a covered diagnosis with its line items and says what comes next', async () => {
    const rma = jest.fn().mockResolvedValueOnce(rmaIn('RECEIVED')).mockResolvedValue(rmaIn('DIAGNOSING'));
    const diagnose = jest.fn(async () => ({ rmaNumber: 'RMA-100501', status: 'DIAGNOSING', outcome: 'COVERED', quoteId: null, amountDue: null }));
    const { user } = setup({ rma, diagnose });

    await user.type(await screen.findByRole('textbox', { name: 'Finding 1 description' }), 'Loose connector');
    await user.type(screen.getByRole('textbox', { name: "Technician's note" }), 'Reseat');
    await user.click(screen.getByRole('button', { name: 'Add an item' }));
    await user.selectOptions(screen.getByRole('combobox', { name: 'Item 1 kind' }), 'PART');
    await user.type(screen.getByRole('textbox', { name: 'Item 1 code' }), 'RL14-LCD');
    await user.click(screen.getByRole('button', { name: 'Add the requested repair: Cracked display' }));
    expect(screen.getByRole('textbox', { name: 'Item 2 code' })).toHaveValue('Cracked display');
    expect(screen.queryByRole('button', { name: /Add the requested repair/ })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Record diagnosis' }));

    expect(await screen.findByText(/the work is covered/)).toBeInTheDocument();
    expect(await screen.findByRole('region', { name: 'Record the repair' })).toBeInTheDocument();
    expect(diagnose).toHaveBeenCalledWith('RMA-100501', {
      findings: [{ code: 'COMPONENT_FAILURE', description: 'Loose connector', photos: [] }],
      technicianNote: 'Reseat',
      lineItems: [
        { kind: 'PART', code: 'RL14-LCD', quantity: 1 },
        { kind: 'REPAIR_OPTION', code: 'Cracked display', quantity: 1 },
      ],
    });
  });

  it('records the repair only with every QA check ticked', async () => {
    const rma = jest.fn().mockResolvedValueOnce(rmaIn('DIAGNOSING')).mockResolvedValue(rmaIn('REPAIRING'));
    const repair = jest.fn(async () => ({ rmaNumber: 'RMA-100501', status: 'REPAIRING' }));
    const { user } = setup({ rma, repair });

    await user.type(await screen.findByRole('textbox', { name: 'Work performed' }), 'Reseated the display connector');
    await user.click(screen.getByRole('checkbox', { name: 'Powers on' }));
    await user.click(screen.getByRole('button', { name: 'Record repair' }));
    expect(await screen.findByText('Every QA check must pass before the repair is recorded')).toBeInTheDocument();
    expect(repair).not.toHaveBeenCalled();

    for (const check of ['Touchscreen responds', 'Seal and enclosure intact', 'Battery charges']) {
      await user.click(screen.getByRole('checkbox', { name: check }));
    }
    await user.click(screen.getByRole('button', { name: 'Record repair' }));

    expect(await screen.findByRole('region', { name: 'Ship back' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Ship back' })).toHaveFocus();
    expect(repair).toHaveBeenCalledWith('RMA-100501', {
      workPerformed: 'Reseated the display connector',
      qa: ['Powers on', 'Touchscreen responds', 'Seal and enclosure intact', 'Battery charges'].map((check) => ({ check, passed: true })),
    });
  });

  it('ships and shows the return tracking with the label to print', async () => {
    const rma = jest.fn().mockResolvedValueOnce(rmaIn('REPAIRING')).mockResolvedValue(rmaIn('SHIPPED_BACK', { returnTrackingNumber: 'RET000001', moves: [] }));
    const ship = jest.fn(async () => ({ rmaNumber: 'RMA-100501', status: 'SHIPPED_BACK', returnTrackingNumber: 'RET000001', labelId: 'l1', invoiceId: '' }));
    const { user } = setup({ rma, ship });

    await user.click(await screen.findByRole('button', { name: 'Ship back' }));

    const shipped = await screen.findByRole('region', { name: 'Shipped back' });
    expect(shipped).toHaveTextContent('Return tracking number: RET000001');
    expect(within(shipped).getByRole('button', { name: 'Print the return label' })).toBeInTheDocument();
  });

  it('says so when the carrier fails, and keeps the ship step', async () => {
    const ship = jest.fn(async () => {
      throw new ApiError(503, { error: 'depot.returnLabelFailed', message: 'The carrier did not book the return label. Try again.' });
    });
    const { user } = setup({ rma: jest.fn(async () => rmaIn('REPAIRING')), ship });

    await user.click(await screen.findByRole('button', { name: 'Ship back' }));

    expect(await screen.findByRole('alert')).toHaveTextContent('The carrier did not book the return label. Try again.');
  });
});
