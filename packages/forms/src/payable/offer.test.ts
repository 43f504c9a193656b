import { busyWith, idleOffer, offerTransition } from './offer';

describe('the Pay Now / Cancel offer', () => {
  it('runs one action at a time', () => {
    const paying = offerTransition(idleOffer, { type: 'start', id: 'PB-1', action: 'paying' });
    expect(busyWith(paying, 'PB-1')).toBe('paying');
    expect(busyWith(paying, 'PB-2')).toBeNull();
    expect(offerTransition(paying, { type: 'start', id: 'PB-2', action: 'cancelling' })).toBe(paying);
  });

  it('shows the notice of a done action and clears an earlier error', () => {
    const failed = offerTransition(offerTransition(idleOffer, { type: 'start', id: 'PB-1', action: 'cancelling' }), { type: 'failed', message: 'Paid already.' });
    expect(failed).toEqual({ busy: null, notice: null, error: 'Paid already.' });
    const again = offerTransition(failed, { type: 'start', id: 'PB-2', action: 'cancelling' });
    expect(again.error).toBeNull();
    expect(offerTransition(again, { type: 'done', notice: 'Order PB-2 was cancelled.' })).toEqual({ busy: null, notice: 'Order PB-2 was cancelled.', error: null });
  });

  it('ignores an outcome when nothing runs', () => {
    expect(offerTransition(idleOffer, { type: 'done', notice: 'x' })).toBe(idleOffer);
    expect(offerTransition(idleOffer, { type: 'failed', message: 'x' })).toBe(idleOffer);
  });
});
