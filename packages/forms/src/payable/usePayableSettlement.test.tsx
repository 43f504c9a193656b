import { StrictMode, useReducer } from 'react';
import { render, screen, waitFor } from '@testing-library/react';
import { idlePayable, payableTransition, type PayableEvent } from './machine';
import { usePayableSettlement, type SettlementPorts } from './usePayableSettlement';

function Settle({ back, ports }: { back: PayableEvent; ports: SettlementPorts<string> }) {
  const [state, dispatch] = useReducer(payableTransition, idlePayable, (idle) => payableTransition(idle, back));
  usePayableSettlement(state, dispatch, ports);
  return <p>{state.kind === 'failed' ? state.message : state.kind}</p>;
}

function ports(overrides: Partial<SettlementPorts<string>> = {}): SettlementPorts<string> {
  return {
    settle: jest.fn(() => Promise.resolve('RMA-1 released')),
    cancel: jest.fn(() => Promise.resolve()),
    onSettled: jest.fn(),
    onCancelled: jest.fn(),
    failure: jest.fn((_: unknown, action: 'settle' | 'cancel') => `${action} failed`),
    ...overrides,
  };
}

const returned = (query: Partial<{ token: string; cancelled: boolean }>): PayableEvent => ({
  type: 'returned',
  back: { id: 'RMA-1', token: '', cancelled: false, ...query },
  paymentUrl: '',
  noToken: 'No PayPal token found',
});

describe('settling a payable', () => {
  it("captures a provider's return once under StrictMode, which runs the effect twice", async () => {
    const p = ports();
    render(
      <StrictMode>
        <Settle back={returned({ token: 'O1' })} ports={p} />
      </StrictMode>,
    );
    expect(await screen.findByText('settled')).toBeInTheDocument();
    expect(p.settle).toHaveBeenCalledTimes(1);
    expect(p.settle).toHaveBeenCalledWith('RMA-1', 'O1');
    expect(p.onSettled).toHaveBeenCalledWith('RMA-1 released', 'RMA-1');
  });

  it('cancels a cancelled payment once under StrictMode', async () => {
    const p = ports();
    render(
      <StrictMode>
        <Settle back={returned({ cancelled: true })} ports={p} />
      </StrictMode>,
    );
    expect(await screen.findByText('cancelled')).toBeInTheDocument();
    expect(p.cancel).toHaveBeenCalledTimes(1);
    expect(p.onCancelled).toHaveBeenCalledWith('RMA-1');
  });

  it('fails with the words the app gives a failed capture', async () => {
    const p = ports({ settle: jest.fn(() => Promise.reject(new Error('declined'))) });
    render(<Settle back={returned({ token: 'O1' })} ports={p} />);
    expect(await screen.findByText('settle failed')).toBeInTheDocument();
    expect(p.onSettled).not.toHaveBeenCalled();
  });

  it('counts a failed cancel the app calls no failure as cancelled', async () => {
    const p = ports({ cancel: jest.fn(() => Promise.reject(new Error('offline'))), failure: jest.fn(() => null) });
    render(<Settle back={returned({ cancelled: true })} ports={p} />);
    expect(await screen.findByText('cancelled')).toBeInTheDocument();
    await waitFor(() => expect(p.onCancelled).toHaveBeenCalledWith('RMA-1'));
  });

  it('asks nothing of a return without its token', async () => {
    const p = ports();
    render(<Settle back={returned({})} ports={p} />);
    expect(await screen.findByText('No PayPal token found')).toBeInTheDocument();
    expect(p.settle).not.toHaveBeenCalled();
    expect(p.cancel).not.toHaveBeenCalled();
  });
});
