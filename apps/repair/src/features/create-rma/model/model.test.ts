import { ApiError } from '@portal/api-client';
import { createErrorMessage } from './createError';
import { flowReducer, initialFlowState } from './flow';
import { toPackagingPayload } from './packaging';
import { discounted, hasFlatDiscount } from './price';
import { autoSelectFault, chooseFault, emptyProblem } from './problem';
import { problemFromQuote } from './quote';
import { firstStepWithErrors, sortServerErrors } from './serverErrors';

const usd = (cents: number) => ({ cents, currency: 'USD' });

describe('price', () => {
  // Every other case is a vector of the rulebook's discount (price.rulebook.test.ts), which the
  // server runs too; JSON holds no NaN or Infinity.
  it.each([
    ['NaN percent is no discount', NaN],
    ['infinite percent is no discount', Infinity],
  ])('%s', (_name, percent) => {
    expect(discounted(usd(28900), percent)).toEqual(usd(28900));
  });

  it('counts only a positive, finite percentage as a flat discount', () => {
    expect([10, 0.01, 0, -5, NaN, Infinity].map(hasFlatDiscount)).toEqual([true, true, false, false, false, false]);
  });
});

describe('packaging', () => {
  // Which mode an address gets is the rulebook's packaging-mode (packaging.rulebook.test.ts).
  it('maps the choices to the payload flags', () => {
    expect(toPackagingPayload('label')).toEqual({ havePackaging: true, requestBox: false, forgoShipping: false });
    expect(toPackagingPayload('qr')).toEqual({ havePackaging: false, requestBox: false, forgoShipping: false });
    expect(toPackagingPayload('box')).toEqual({ havePackaging: false, requestBox: true, forgoShipping: false });
  });
});

describe('problem choices', () => {
  const selections = [{ name: 'Power', options: [{ name: 'Does not charge', price: usd(12000), tip: '' }] }];

  it('auto-selects a sole fault only when none is chosen', () => {
    expect(autoSelectFault(emptyProblem, selections).primaryFault).toBe('Power');
    expect(autoSelectFault({ ...emptyProblem, primaryFault: 'Display' }, selections).primaryFault).toBe('Display');
    expect(autoSelectFault(emptyProblem, [...selections, { name: 'Display', options: [] }]).primaryFault).toBe('');
  });

  it('clears the problem, and so the price shown, with a new fault', () => {
    const chosen = { ...emptyProblem, primaryFault: 'Display', problem: 'Cracked screen' };
    expect(chooseFault(chosen, 'Power')).toMatchObject({ primaryFault: 'Power', problem: '' });
  });
});

describe('create errors', () => {
  it("words failures as 'Error Creating RMA: {message}', shipper failures as the address message", () => {
    expect(createErrorMessage(new ApiError(409, { error: 'x', message: 'Serial not valid for new RMA' }))).toBe(
      'Error Creating RMA: Serial not valid for new RMA',
    );
    expect(createErrorMessage(new ApiError(502, { error: 'x', message: 'The Shipper refused' }))).toBe(
      'Error validating address, please verify your information and try again.',
    );
  });

  it('sorts field errors by JSON path into the steps', () => {
    const sorted = sortServerErrors({
      'rmaInput.initialNotes': 'Required',
      'rmaInput.permissions.acknowledgeHddBackup': 'Required',
      'rmaInput.attachments[0]': 'Must Attach Files',
      'contact.email': 'Must be a valid e-mail address',
      'address.line1': 'Cannot be a PO box',
    });
    expect(sorted).toEqual({
      problem: { initialNotes: 'Required', acknowledgeHddBackup: 'Required', attachments: 'Must Attach Files' },
      contact: { email: 'Must be a valid e-mail address' },
      address: { line1: 'Cannot be a PO box' },
    });
    expect(firstStepWithErrors(sorted)).toBe(1);
    expect(firstStepWithErrors(sortServerErrors({ 'address.city': 'Required' }))).toBe(2);
  });
});

describe('flow state', () => {
  const start = initialFlowState({ serial: 'rt10000001' });

  it('starts at step 1 with the serial normalised, and clamps toPage to 1-4', () => {
    expect(start).toMatchObject({ step: 1, serial: 'RT10000001' });
    expect(initialFlowState({ serial: '', toPage: 9 }).step).toBe(4);
  });

  it('resets the packaging choice when the address changes, and keeps it otherwise', () => {
    const chosen = flowReducer(start, { type: 'packaging', choice: 'box' });
    expect(flowReducer(chosen, { type: 'address', values: { ...chosen.address } }).packaging).toBe('box');
    expect(flowReducer(chosen, { type: 'address', values: { ...chosen.address, line1: 'Elsewhere 1' } }).packaging).toBe('');
  });

  it("drops a field's server error once the field is edited", () => {
    const rejected = flowReducer(start, { type: 'rejected', errors: sortServerErrors({ 'address.line1': 'Cannot be a PO box', 'address.city': 'Required' }) });
    const edited = flowReducer(rejected, { type: 'address', values: { ...rejected.address, line1: '1 Main St' } });
    expect(edited.serverErrors.address).toEqual({ city: 'Required' });
  });

  it('goes to the last step when created', () => {
    const done = flowReducer(start, { type: 'created', result: { rmaNumber: 'RMA-1', label: null, commercialInvoice: null, shippingError: null } });
    expect(done.step).toBe(5);
  });
});

describe('problemFromQuote', () => {
  it('shows the names the files were uploaded under, and the stored name of a file without one', () => {
    const problem = problemFromQuote({
      primaryFault: 'Display',
      attachments: ['rma/2026/11/a.png', 'rma/2026/11/b.mp4'],
      attachmentNames: { 'rma/2026/11/a.png': 'cracked-screen.png' },
    });
    expect(problem.attachments).toEqual([
      { originalname: 'cracked-screen.png', bucketFileName: 'rma/2026/11/a.png', cancellable: false },
      { originalname: 'rma/2026/11/b.mp4', bucketFileName: 'rma/2026/11/b.mp4', cancellable: false },
    ]);
  });
});
