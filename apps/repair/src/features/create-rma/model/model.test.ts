import { ApiError } from '@portal/api-client';
import { emptyAddress } from '@portal/forms';
import { unit } from '@portal/forms/testing';
import { createErrorMessage } from './createError';
import { flowReducer, initialFlowState } from './flow';
import { effectivePackaging, shippingMode, toPackagingPayload } from './packaging';
import { discounted, hasFlatDiscount } from './price';
import { autoSelectFault, chooseFault, emptyProblem } from './problem';
import { problemFromQuote } from './quote';
import { firstStepWithErrors, sortServerErrors } from './serverErrors';

const us = { ...emptyAddress, line1: '1 Main St', city: 'Austin', state: 'TX', postalCode: '78701' };

const usd = (cents: number) => ({ cents, currency: 'USD' });

describe('price', () => {
  // The same cases as api/pkg/money's TestDiscounted_RoundsTheDiscountHalfUpAndCapsItAtThePrice:
  // the browser shows exactly what the server will charge.
  it.each([
    ['no discount', 28900, 0, 28900],
    ['ten percent of a round price', 28900, 10, 26010],
    ['ten percent of 289.99 rounds the 28.999 discount up', 28999, 10, 26099],
    ['fifteen percent of 99.99 (14.9985 off)', 9999, 15, 8499],
    ['a third, 33.33 %, of 289.00 (96.3237 off)', 28900, 33.33, 19268],
    ['33.33 % of a dollar', 100, 33.33, 67],
    ['33.33 % of 1.50 is exactly half a cent off the 49 cents: rounds up', 150, 33.33, 100],
    ['33.33 % of 99 cents', 99, 33.33, 66],
    ['ten percent of one cent rounds to nothing', 1, 10, 1],
    ['half of one cent rounds the discount up', 1, 50, 0],
    ['half of three cents', 3, 50, 1],
    ['12.5 % of 99 cents (12.375 off)', 99, 12.5, 87],
    ['a percentage with float noise (0.1+0.2)', 10000, 0.1 + 0.2, 9970],
    ['hundred percent', 28900, 100, 0],
    ['more than the price is capped at the price', 28900, 150, 0],
    ['just under a hundred percent', 28900, 99.999, 0],
    ['a zero price stays zero', 0, 10, 0],
    ['negative percent is no discount', 28900, -10, 28900],
    ['NaN percent is no discount', 28900, NaN, 28900],
    ['infinite percent is no discount', 28900, Infinity, 28900],
    ['a fraction of a millionth of a percent is no discount', 28900, 1e-9, 28900],
    ['large amounts stay exact (900719925474099.1 off)', Number.MAX_SAFE_INTEGER, 10, 8106479329266892],
    ['a credit shrinks towards zero', -28999, 10, -26099],
  ])('%s', (_name, cents, percent, want) => {
    expect(discounted(usd(cents), percent)).toEqual(usd(want));
  });

  it('keeps the currency', () => {
    expect(discounted({ cents: 1000, currency: 'EUR' }, 10)).toEqual({ cents: 900, currency: 'EUR' });
  });

  it('counts only a positive, finite percentage as a flat discount', () => {
    expect([10, 0.01, 0, -5, NaN, Infinity].map(hasFlatDiscount)).toEqual([true, true, false, false, false, false]);
  });
});

describe('packaging', () => {
  it.each([
    ['a US address', us, 'choice'],
    ['a Canadian address', { ...us, country: 'CA', state: 'ON' }, 'label-only'],
    ['a military state', { ...us, state: 'AE', city: 'APO' }, 'label-only'],
    ['a military city', { ...us, state: '', city: 'FPO' }, 'label-only'],
    ['another country', { ...us, country: 'DE', state: '' }, 'international'],
    ['Guam', { ...us, country: 'GU', state: '' }, 'international'],
  ])('treats %s as %s', (_name, address, mode) => {
    expect(shippingMode(address, unit())).toBe(mode);
  });

  it('hides the choice for advance exchange units and uses the label', () => {
    const mode = shippingMode(us, unit({ allowedRepairType: ['ADVANCE_EXCHANGE'] }));
    expect(mode).toBe('advance-exchange');
    expect(effectivePackaging(mode, '')).toBe('label');
  });

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
