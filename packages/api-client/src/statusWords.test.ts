import { rmaStatusWords } from './statusWords';

describe('rmaStatusWords', () => {
  it('names every status of the lifecycle, and none it does not know', () => {
    const lifecycle = ['AWAITING_PAYMENT', 'AWAITING_UNIT', 'RECEIVED', 'DIAGNOSING', 'QUOTE_PENDING', 'REPAIRING', 'RETURN_UNREPAIRED', 'SHIPPED_BACK', 'CLOSED', 'CANCELLED', 'RECYCLED'];
    expect(lifecycle.map(rmaStatusWords)).toEqual([
      'Awaiting payment', 'Awaiting unit', 'Received', 'Diagnosing', 'Quote pending', 'Repairing',
      'Returning unrepaired', 'Shipped back', 'Closed', 'Cancelled', 'Recycled',
    ]);
    expect(rmaStatusWords('PLACED')).toBeUndefined();
  });
});
