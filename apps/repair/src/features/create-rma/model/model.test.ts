import { ApiError } from '@portal/api-client';
import { emptyAddress } from '@portal/forms';
import { unit } from '@portal/forms/testing';
import { createErrorMessage } from './createError';
import { flowReducer, initialFlowState } from './flow';
import { effectivePackaging, shippingMode, toPackagingPayload } from './packaging';
import { discountedPrice, formatUsd, roundCost } from './price';
import { autoSelectFault, chooseFault, emptyProblem } from './problem';
import { firstStepWithErrors, sortServerErrors } from './serverErrors';

const us = { ...emptyAddress, line1: '1 Main St', city: 'Austin', state: 'TX', postalCode: '78701' };

describe('price', () => {
  it('rounds costs to two decimals and caps the discount at the price', () => {
    expect(roundCost(0.1 + 0.2)).toBe(0.3);
    expect(formatUsd(149.5)).toBe('149.50');
    expect(discountedPrice(289, 10)).toBe(260.1);
    expect(discountedPrice(99.99, 15)).toBe(84.99);
    expect(discountedPrice(289, 150)).toBe(0);
    expect(discountedPrice(289, 0)).toBe(289);
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
  const selections = [{ name: 'Power', options: [{ name: 'Does not charge', price: 120, tip: '' }] }];

  it('auto-selects a sole fault only when none is chosen', () => {
    expect(autoSelectFault(emptyProblem, selections).primaryFault).toBe('Power');
    expect(autoSelectFault({ ...emptyProblem, primaryFault: 'Display' }, selections).primaryFault).toBe('Display');
    expect(autoSelectFault(emptyProblem, [...selections, { name: 'Display', options: [] }]).primaryFault).toBe('');
  });

  it('clears problem and price with a new fault', () => {
    const chosen = { ...emptyProblem, primaryFault: 'Display', problem: 'Cracked screen', problemPrice: 289 };
    expect(chooseFault(chosen, 'Power')).toMatchObject({ primaryFault: 'Power', problem: '', problemPrice: null });
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
