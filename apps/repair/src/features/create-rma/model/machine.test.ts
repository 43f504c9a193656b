import type { CreateRmaResult } from '@portal/api-client';
import { emptyPayment } from '@portal/forms';
import { readProviderReturn, type PayableEvent } from '@portal/forms/payable';
import { CONFIRM_STEP, LAST_STEP } from './flow';
import { initialMachineState, rmaMachine, warnsOnLeave, type MachineInputs, type RmaEvent, type RmaMachineState } from './machine';
import type { PaymentSnapshot } from './paymentReturn';
import { emptyProblem } from './problem';
import type { SavedQuote } from './quote';

// The stepper's machine on its own: every event where it applies, and the odd paths of a payment
// (a return after a decline, Back from PayPal, a reopened quote, the RMA that awaits its payment).

const URL1 = 'https://paypal.test/checkoutnow?token=ORDER-1';
const released: CreateRmaResult = { rmaNumber: 'RMA-100420', label: '/shipping/documents/label-1', commercialInvoice: null, shippingError: null };

const snapshot: PaymentSnapshot = {
  rmaNumber: 'RMA-100420',
  quoteId: 'QT-ABCDEFGHJKLM',
  paymentUrl: URL1,
  serial: 'rt10000002',
  problem: { ...emptyProblem, primaryFault: 'Display', problem: 'Cracked screen' },
  contact: { firstName: 'Casey', lastName: 'Morgan', email: 'casey@example.com', phone: '+15125550142', phoneCountryCode: 'US', company: '', position: '' },
  address: { line1: '100 Congress Ave', line2: '', city: 'Austin', state: 'TX', country: 'US', postalCode: '78701' },
  packaging: 'label',
  quote: null,
};

function start(inputs: Partial<MachineInputs> = {}): RmaMachineState {
  return initialMachineState({ serial: 'RT10000002', ...inputs });
}

function returnedWith(query: string, kept: PaymentSnapshot | null = snapshot): RmaMachineState {
  return start({ toPage: CONFIRM_STEP, snapshot: kept, paymentReturn: readProviderReturn(`?rmaNumber=RMA-100420${query}`, 'rmaNumber') });
}

const pay = (event: PayableEvent): RmaEvent => ({ type: 'payment', event });

function run(state: RmaMachineState, ...events: RmaEvent[]): RmaMachineState {
  return events.reduce(rmaMachine, state);
}

describe('the steps', () => {
  it('starts on the first step, idle, warning before a left flow is lost', () => {
    const state = start();
    expect(state.flow.step).toBe(1);
    expect(state.payment).toEqual({ kind: 'idle' });
    expect(state.request).toEqual({ submitting: false, error: null, paymentErrors: {} });
    expect(state.paymentValues).toEqual(emptyPayment);
    expect(warnsOnLeave(state)).toBe(true);
  });

  it("passes a step's input to the flow", () => {
    const state = run(start(), { type: 'go', step: 3 }, { type: 'confirm', confirmed: true }, { type: 'packaging', choice: 'qr' });
    expect(state.flow).toMatchObject({ step: 3, confirmed: true, packaging: 'qr' });
  });

  it('keeps the options the first step loaded, auto-selecting a sole fault for a repair only', () => {
    const selections = [{ name: 'Display', options: [{ name: 'Cracked screen', price: { cents: 28900, currency: 'USD' }, tip: '' }] }];
    expect(run(start(), { type: 'optionsLoaded', selections, autoSelect: true }).flow.problem.primaryFault).toBe('Display');
    const upgrade = run(start(), { type: 'optionsLoaded', selections, autoSelect: false });
    expect(upgrade.selections).toBe(selections);
    expect(upgrade.flow.problem.primaryFault).toBe('');
  });

  it('keeps the payment values the confirm step sets', () => {
    const values = { ...emptyPayment, method: 'PO' as const, poNumber: '4471' };
    expect(run(start(), { type: 'paymentValues', values }).paymentValues).toBe(values);
  });
});

describe('a request to the server', () => {
  it('is under way once sent, and a created RMA opens the label step without a leave warning', () => {
    const sent = run(start({ toPage: CONFIRM_STEP }), { type: 'submitted' });
    expect(sent.request.submitting).toBe(true);
    const done = rmaMachine(sent, { type: 'created', result: released });
    expect(done.flow.step).toBe(LAST_STEP);
    expect(done.request.submitting).toBe(false);
    expect(warnsOnLeave(done)).toBe(false);
  });

  it("shows a refusal's words, and on a 400 its fields on the steps and the payment", () => {
    const steps = { problem: {}, contact: { email: 'Invalid Email' }, address: {}, packaging: 'Required' };
    const refused = run(start({ toPage: CONFIRM_STEP }), { type: 'submitted' }, {
      type: 'refused',
      message: 'Error Creating RMA: Some fields are invalid.',
      fields: { steps, payment: { poFile: 'File not found' } },
    });
    expect(refused.request).toEqual({ submitting: false, error: 'Error Creating RMA: Some fields are invalid.', paymentErrors: { poFile: 'File not found' } });
    expect(refused.flow.serverErrors).toBe(steps);

    const again = run(refused, { type: 'submitted' }, { type: 'refused', message: 'Error Creating RMA: offline' });
    expect(again.request.paymentErrors).toEqual({});
    expect(again.flow.serverErrors).toBe(steps);
  });
});

describe('paying at the provider', () => {
  const sent = run(start({ toPage: CONFIRM_STEP }), { type: 'submitted' });

  it('leaves for the provider once the RMA is open, without the leave warning', () => {
    const leaving = rmaMachine(sent, pay({ type: 'opened', id: 'RMA-100420', paymentUrl: URL1 }));
    expect(leaving.payment).toEqual({ kind: 'redirecting', id: 'RMA-100420', url: URL1 });
    expect(leaving.request.submitting).toBe(false);
    expect(warnsOnLeave(leaving)).toBe(false);
  });

  it('settles an RMA paid by PO at once, then shows its label', () => {
    const settling = rmaMachine(sent, pay({ type: 'opened', id: 'RMA-100421', paymentUrl: '' }));
    expect(settling.payment).toEqual({ kind: 'settling', id: 'RMA-100421', token: '', paymentUrl: '' });
    const done = run(settling, pay({ type: 'settled' }), { type: 'created', result: released });
    expect(done.payment).toEqual({ kind: 'settled', id: 'RMA-100421' });
    expect(done.flow.step).toBe(LAST_STEP);
  });
});

describe('back from the provider', () => {
  it('settles an approved payment on the confirm step, with the flow kept before leaving', () => {
    const state = returnedWith('&token=ORDER-1&PayerID=P');
    expect(state.payment).toEqual({ kind: 'settling', id: 'RMA-100420', token: 'ORDER-1', paymentUrl: URL1 });
    expect(state.flow).toMatchObject({ step: CONFIRM_STEP, serial: 'RT10000002', confirmed: true, packaging: 'label' });
    expect(warnsOnLeave(state)).toBe(false);
  });

  it('still settles without a kept flow (another tab)', () => {
    expect(returnedWith('&token=ORDER-1', null).payment).toEqual({ kind: 'settling', id: 'RMA-100420', token: 'ORDER-1', paymentUrl: '' });
  });

  it("cancels a payment cancelled at the provider, and a refused cancel says why", () => {
    const state = returnedWith('&cancelled=1');
    expect(state.payment.kind).toBe('cancelling');
    expect(rmaMachine(state, pay({ type: 'failed', message: 'This RMA is paid.' })).payment).toMatchObject({ kind: 'failed', message: 'This RMA is paid.' });
  });

  it("says 'No PayPal token found' without a token (the browser's Back button to the return URL), Try Again to the same order", () => {
    const state = returnedWith('');
    expect(state.payment).toEqual({ kind: 'failed', id: 'RMA-100420', message: 'No PayPal token found', paymentUrl: URL1 });
    expect(rmaMachine(state, pay({ type: 'opened', id: 'RMA-100420', paymentUrl: URL1 })).payment.kind).toBe('redirecting');
  });

  it('after a decline offers Try Again (the same provider page) and Cancel RMA', () => {
    const declined = rmaMachine(returnedWith('&token=ORDER-1'), pay({ type: 'failed', message: 'The payment was declined.' }));
    expect(declined.payment).toEqual({ kind: 'failed', id: 'RMA-100420', message: 'The payment was declined.', paymentUrl: URL1 });
    expect(declined.flow.step).toBe(CONFIRM_STEP);
    expect(rmaMachine(declined, pay({ type: 'opened', id: 'RMA-100420', paymentUrl: URL1 })).payment).toEqual({ kind: 'redirecting', id: 'RMA-100420', url: URL1 });
    const cancelled = run(declined, pay({ type: 'cancel' }), pay({ type: 'cancelled' }));
    expect(cancelled.payment).toEqual({ kind: 'cancelled', id: 'RMA-100420' });
  });

  it('returns a second time after a decline: the new return settles with its own token', () => {
    const again = returnedWith('&token=ORDER-2');
    expect(again.payment).toMatchObject({ kind: 'settling', token: 'ORDER-2' });
    expect(run(again, pay({ type: 'settled' }), { type: 'created', result: released }).flow.step).toBe(LAST_STEP);
  });
});

describe('the unit whose RMA awaits its payment (Back from PayPal, a page loaded again)', () => {
  const back = start({ serial: 'RT10000002' });

  it('starts idle, so the page asks for the RMA and offers Pay Now and Cancel RMA', () => {
    expect(back.payment.kind).toBe('idle');
  });

  it('Pay Now leaves for the same order, or settles an RMA paid meanwhile', () => {
    expect(rmaMachine(back, pay({ type: 'opened', id: 'RMA-100420', paymentUrl: URL1 })).payment.kind).toBe('redirecting');
    expect(rmaMachine(back, pay({ type: 'opened', id: 'RMA-100420', paymentUrl: '' })).payment.kind).toBe('settling');
  });
});

describe('a saved quote reopened', () => {
  const quote: SavedQuote = {
    shipping: { address: { line1: '100 Congress Ave', city: 'Austin', state: 'TX', country: 'US', postalCode: '78701' }, contact: { firstName: 'Casey' } },
    externalResource: { serial: 'rt10000002', rmaInput: { primaryFault: 'Display', problem: 'Cracked screen' }, packaging: { havePackaging: false, requestBox: true } },
  } as SavedQuote;

  it('opens on the confirm step with every step prefilled, and nothing paid yet', () => {
    const state = start({ serial: '', toPage: CONFIRM_STEP, quote });
    expect(state.flow).toMatchObject({ step: CONFIRM_STEP, serial: 'RT10000002', packaging: 'box', confirmed: false });
    expect(state.flow.problem).toMatchObject({ primaryFault: 'Display', problem: 'Cracked screen' });
    expect(state.flow.address.line1).toBe('100 Congress Ave');
    expect(state.payment.kind).toBe('idle');
    expect(warnsOnLeave(state)).toBe(true);
  });

  it('paid at the provider, comes back to the quote kept with the flow', () => {
    const state = start({ serial: 'RT10000002', toPage: CONFIRM_STEP, snapshot: { ...snapshot, quote }, paymentReturn: { id: 'RMA-100420', token: 'ORDER-1', cancelled: false } });
    expect(state.payment.kind).toBe('settling');
    expect(state.flow.problem.problem).toBe('Cracked screen');
  });
});
