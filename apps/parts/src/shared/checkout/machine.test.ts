import { checkoutBusy, checkoutMachine, initialCheckout, type CheckoutEvent, type CheckoutState } from './machine';
import { noServerErrors } from './payment';

const URL1 = 'https://paypal.test/checkoutnow?token=ORDER-1';

function run(...events: CheckoutEvent[]): CheckoutState {
  return events.reduce(checkoutMachine, initialCheckout);
}

describe('the checkout form', () => {
  it('starts editing, busy with nothing', () => {
    expect(checkoutBusy(initialCheckout)).toBeNull();
    expect(initialCheckout.payment.kind).toBe('idle');
  });

  it('shows every field and the validation message on an invalid Place order, moving the focus each time', () => {
    const twice = run({ type: 'invalid' }, { type: 'invalid' });
    expect(twice).toMatchObject({ showAll: true, error: 'Error Validating Information', attempts: 2, placing: false });
  });

  it('places one order at a time, clearing the last refusal', () => {
    const refused = run({ type: 'placing' }, { type: 'failed', message: 'Offline' });
    const placing = checkoutMachine(refused, { type: 'placing' });
    expect(placing).toMatchObject({ placing: true, error: null, server: noServerErrors });
    expect(checkoutBusy(placing)).toBe('placing');
    expect(checkoutMachine(placing, { type: 'placing' })).toBe(placing);
  });

  it('stops for a cart the server changed, and after a PO order is placed', () => {
    expect(run({ type: 'placing' }, { type: 'cartChanged' })).toMatchObject({
      placing: false,
      error: 'Your cart was updated before the order was placed. Please review it and place the order again.',
    });
    expect(checkoutBusy(run({ type: 'placing' }, { type: 'placed' }))).toBeNull();
  });

  it('leaves for the provider with an order awaiting its payment, and places nothing more meanwhile', () => {
    const leaving = run({ type: 'placing' }, { type: 'awaitingPayment', id: 'PB-100001', paymentUrl: URL1 });
    expect(leaving.payment).toEqual({ kind: 'redirecting', id: 'PB-100001', url: URL1 });
    expect(checkoutBusy(leaving)).toBe('redirecting');
    expect(checkoutMachine(leaving, { type: 'placing' })).toBe(leaving);
  });

  it("shows a refusal's message and fields, moving the focus only when it names fields", () => {
    const server = { ...noServerErrors, address: { line1: 'Cannot be a PO box' } };
    const named = run({ type: 'placing' }, { type: 'refused', message: 'Some fields are invalid.', server, namesFields: true });
    expect(named).toMatchObject({ placing: false, error: 'Some fields are invalid.', server, showAll: true, attempts: 1 });
    const ceiling = run({ type: 'placing' }, { type: 'refused', message: 'Order total must be at most $250,000.00.', server: noServerErrors, namesFields: false });
    expect(ceiling).toMatchObject({ showAll: false, attempts: 0, error: 'Order total must be at most $250,000.00.' });
  });
});
