import { idlePayable, isPayableBusy, payableId, payableTransition, readProviderReturn, type PayableEvent, type PayableState } from './machine';

const URL1 = 'https://paypal.test/checkoutnow?token=ORDER-1';
const NO_TOKEN = 'No PayPal token found';

function run(state: PayableState, ...events: PayableEvent[]): PayableState {
  return events.reduce(payableTransition, state);
}

const back = (query: string): PayableEvent => ({
  type: 'returned',
  back: readProviderReturn(query, 'rmaNumber')!,
  paymentUrl: URL1,
  noToken: NO_TOKEN,
});

describe('the provider return', () => {
  it('is read from the id parameter the page names, with the token and the cancel', () => {
    expect(readProviderReturn('?rmaNumber=RMA-1&token=O1&PayerID=P', 'rmaNumber')).toEqual({ id: 'RMA-1', token: 'O1', cancelled: false });
    expect(readProviderReturn('?batch=PB-100001&cancelled=1', 'batch')).toEqual({ id: 'PB-100001', token: '', cancelled: true });
    expect(readProviderReturn('?batch=%20', 'batch')).toBeNull();
    expect(readProviderReturn('?toPage=2', 'rmaNumber')).toBeNull();
  });

  it('settles an approved payment with its token', () => {
    expect(run(idlePayable, back('?rmaNumber=RMA-1&token=O1'))).toEqual({ kind: 'settling', id: 'RMA-1', token: 'O1', paymentUrl: URL1 });
  });

  it('cancels a payment cancelled at the provider', () => {
    expect(run(idlePayable, back('?rmaNumber=RMA-1&cancelled=1'))).toEqual({ kind: 'cancelling', id: 'RMA-1', paymentUrl: URL1 });
  });

  it("fails a return without its token with the spec's message, keeping the provider's page for Try Again", () => {
    expect(run(idlePayable, back('?rmaNumber=RMA-1'))).toEqual({ kind: 'failed', id: 'RMA-1', message: NO_TOKEN, paymentUrl: URL1 });
  });

  it('is read once: a second return on the same page changes nothing', () => {
    const settling = run(idlePayable, back('?rmaNumber=RMA-1&token=O1'));
    expect(payableTransition(settling, back('?rmaNumber=RMA-1&cancelled=1'))).toBe(settling);
  });
});

describe('paying', () => {
  it('goes to the provider when the payable is opened with its page', () => {
    const state = run(idlePayable, { type: 'opened', id: 'RMA-1', paymentUrl: URL1 });
    expect(state).toEqual({ kind: 'redirecting', id: 'RMA-1', url: URL1 });
    expect(isPayableBusy(state)).toBe(true);
    expect(payableId(state)).toBe('RMA-1');
  });

  it('settles at once without a provider page (PO, or paid meanwhile)', () => {
    expect(run(idlePayable, { type: 'opened', id: 'RMA-1', paymentUrl: '' })).toEqual({ kind: 'settling', id: 'RMA-1', token: '', paymentUrl: '' });
  });

  it('ends settled, and nothing moves it after', () => {
    const settled = run(idlePayable, back('?rmaNumber=RMA-1&token=O1'), { type: 'settled' });
    expect(settled).toEqual({ kind: 'settled', id: 'RMA-1' });
    for (const event of [{ type: 'failed', message: 'x' }, { type: 'cancel' }, { type: 'opened', id: 'RMA-1', paymentUrl: URL1 }] as PayableEvent[]) {
      expect(payableTransition(settled, event).kind).toBe(event.type === 'opened' ? 'redirecting' : 'settled');
    }
  });

  it('opens nothing while leaving, settling or cancelling', () => {
    for (const busy of [
      run(idlePayable, { type: 'opened', id: 'RMA-1', paymentUrl: URL1 }),
      run(idlePayable, back('?rmaNumber=RMA-1&token=O1')),
      run(idlePayable, back('?rmaNumber=RMA-1&cancelled=1')),
    ]) {
      expect(payableTransition(busy, { type: 'opened', id: 'RMA-2', paymentUrl: '' })).toBe(busy);
    }
  });

  it('has no id and is not busy while idle; done and idle events are ignored', () => {
    expect(payableId(idlePayable)).toBeNull();
    expect(isPayableBusy(idlePayable)).toBe(false);
    for (const event of [{ type: 'settled' }, { type: 'cancelled' }, { type: 'cancel' }, { type: 'failed', message: 'x' }] as PayableEvent[]) {
      expect(payableTransition(idlePayable, event)).toBe(idlePayable);
    }
  });
});

describe('after a decline', () => {
  const declined = run(idlePayable, back('?rmaNumber=RMA-1&token=O1'), { type: 'failed', message: 'The payment was declined.' });

  it('fails with the message and the provider page last known', () => {
    expect(declined).toEqual({ kind: 'failed', id: 'RMA-1', message: 'The payment was declined.', paymentUrl: URL1 });
    expect(isPayableBusy(declined)).toBe(false);
  });

  it('Try Again goes back to the provider (the same order) or settles what was paid meanwhile', () => {
    expect(payableTransition(declined, { type: 'opened', id: 'RMA-1', paymentUrl: URL1 })).toEqual({ kind: 'redirecting', id: 'RMA-1', url: URL1 });
    expect(payableTransition(declined, { type: 'opened', id: 'RMA-1', paymentUrl: '' })).toEqual({ kind: 'settling', id: 'RMA-1', token: '', paymentUrl: URL1 });
  });

  it('a Try Again that fails says why and keeps the provider page', () => {
    expect(payableTransition(declined, { type: 'failed', message: 'Network' })).toEqual({ ...declined, message: 'Network' });
  });

  it('Cancel cancels, and a refused cancel fails with its message', () => {
    const cancelling = payableTransition(declined, { type: 'cancel' });
    expect(cancelling).toEqual({ kind: 'cancelling', id: 'RMA-1', paymentUrl: URL1 });
    expect(payableTransition(cancelling, { type: 'cancelled' })).toEqual({ kind: 'cancelled', id: 'RMA-1' });
    expect(payableTransition(cancelling, { type: 'failed', message: 'Paid already.' })).toEqual({ kind: 'failed', id: 'RMA-1', message: 'Paid already.', paymentUrl: URL1 });
  });

  it('a decline of the page a customer returned to without paying (Back from PayPal) fails the same way', () => {
    const left = run(idlePayable, { type: 'opened', id: 'RMA-1', paymentUrl: URL1 }, { type: 'failed', message: 'Offline' });
    expect(left).toEqual({ kind: 'failed', id: 'RMA-1', message: 'Offline', paymentUrl: URL1 });
  });
});
