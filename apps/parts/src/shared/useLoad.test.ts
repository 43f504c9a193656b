import { act, renderHook, waitFor } from '@testing-library/react';
import { useLoad } from './useLoad';

describe('useLoad', () => {
  it('loads nothing for no key, aborts the run of an old key and shows only the current answer', async () => {
    const signals: AbortSignal[] = [];
    const resolvers: ((value: string) => void)[] = [];
    const load = (signal: AbortSignal) => {
      signals.push(signal);
      return new Promise<string>((resolve) => resolvers.push(resolve));
    };
    const { result, rerender } = renderHook(({ key }: { key: string | null }) => useLoad(key, load), { initialProps: { key: null as string | null } });
    expect(result.current.state).toEqual({ status: 'idle' });
    expect(signals).toHaveLength(0);

    rerender({ key: 'a' });
    expect(result.current.state).toEqual({ status: 'loading' });
    rerender({ key: 'b' });
    expect(signals[0]?.aborted).toBe(true);
    await act(async () => resolvers[0]?.('answer of a'));
    expect(result.current.state).toEqual({ status: 'loading' });
    await act(async () => resolvers[1]?.('answer of b'));
    expect(result.current.state).toEqual({ status: 'ready', value: 'answer of b' });
  });

  it('keeps a failure and loads again on retry', async () => {
    const load = jest.fn().mockRejectedValueOnce(new Error('offline')).mockResolvedValueOnce('fine');
    const { result } = renderHook(() => useLoad('k', load));
    await waitFor(() => expect(result.current.state.status).toBe('failed'));
    act(() => result.current.retry());
    await waitFor(() => expect(result.current.state).toEqual({ status: 'ready', value: 'fine' }));
    expect(load).toHaveBeenCalledTimes(2);
  });
});
