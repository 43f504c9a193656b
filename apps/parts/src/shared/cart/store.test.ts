import { act, renderHook } from '@testing-library/react';
import { CART_KEYS, type CartItem } from './model';
import { cartStorage, removeOrdered, useCart } from './store';

const item = (pn: string, serials: string[]): CartItem => ({
  pn,
  quantity: serials.length,
  partSpec: `${pn} spec`,
  imgUrl: '/assets/parts/video-battery.svg',
  model: 'VX12',
  serials,
  storeDate: '2026-11-23T18:00:00.000Z',
  isHighValue: false,
});

const stored = () => JSON.parse(localStorage.getItem(CART_KEYS.video) ?? 'null') as unknown;

beforeEach(() => {
  localStorage.clear();
  sessionStorage.clear();
  jest.restoreAllMocks();
});

describe('useCart: the video cart in localStorage', () => {
  it('persists adds under its one key, merging serials across two adds', () => {
    const { result } = renderHook(() => useCart('video'));
    act(() => {
      result.current.add(item('VX12-BAT-STD', ['VT10000007']));
    });
    act(() => {
      result.current.add(item('VX12-BAT-STD', ['VT10000008']));
    });
    expect(result.current.items).toEqual([expect.objectContaining({ serials: ['VT10000007', 'VT10000008'], quantity: 2 })]);
    expect(stored()).toEqual([expect.objectContaining({ pn: 'VX12-BAT-STD', serials: ['VT10000007', 'VT10000008'], quantity: 2 })]);
    // A page opened later (a reload) reads the same cart.
    expect(renderHook(() => useCart('video')).result.current.items).toHaveLength(1);
  });

  it('persists remove and clear and reports the removal (spec §8)', () => {
    localStorage.setItem(CART_KEYS.video, JSON.stringify([item('VX12-BAT-STD', ['VT10000007']), item('VX12-DOCK-1', ['VT10000008'])]));
    const { result } = renderHook(() => useCart('video'));
    let outcome = { ok: false, message: '' };
    act(() => {
      outcome = result.current.remove({ pn: 'VX12-BAT-STD', model: 'VX12' });
    });
    expect(outcome).toEqual({ ok: true, message: 'VX12-BAT-STD has been removed from the cart.' });
    expect(stored()).toEqual([expect.objectContaining({ pn: 'VX12-DOCK-1' })]);
    act(() => {
      outcome = result.current.remove({ pn: 'VX12-BAT-STD', model: 'VX12' });
    });
    expect(outcome).toEqual({ ok: false, message: 'VX12-BAT-STD is unavailable to remove from the cart.' });
    act(() => {
      result.current.clear();
    });
    expect(localStorage.getItem(CART_KEYS.video)).toBeNull();
    expect(result.current.items).toEqual([]);
  });

  it('answers any other failure with the spec message when the browser refuses to store', () => {
    const { result } = renderHook(() => useCart('video'));
    jest.spyOn(cartStorage, 'get').mockReturnValue({
      getItem: () => null,
      setItem: () => {
        throw new DOMException('full', 'QuotaExceededError');
      },
      removeItem: () => undefined,
    } as unknown as Storage);
    let outcome = { ok: true, message: '' };
    act(() => {
      outcome = result.current.add(item('VX12-BAT-STD', ['VT10000007']));
    });
    expect(outcome).toEqual({ ok: false, message: 'There was an error performing this action.' });
  });

  it('drops tampered items from storage and says so', () => {
    localStorage.setItem(CART_KEYS.video, JSON.stringify([{ ...item('VX12-BAT-STD', ['VT10000007']), quantity: 40 }, item('VX12-DOCK-1', ['VT10000008'])]));
    const { result } = renderHook(() => useCart('video'));
    expect(result.current.items.map((i) => i.pn)).toEqual(['VX12-DOCK-1']);
    expect(result.current.notice).toBe('One item in your cart could not be read and was removed. Please add it again.');
    expect(stored()).toEqual([expect.objectContaining({ pn: 'VX12-DOCK-1' })]);
  });

  it('follows a change another tab made and counts it', () => {
    const { result } = renderHook(() => useCart('video'));
    expect(result.current.changedElsewhere).toBe(0);
    const newValue = JSON.stringify([item('VX12-DOCK-1', ['VT10000008'])]);
    act(() => {
      localStorage.setItem(CART_KEYS.video, newValue);
      window.dispatchEvent(new StorageEvent('storage', { key: CART_KEYS.video, newValue }));
    });
    expect(result.current.changedElsewhere).toBe(1);
    expect(result.current.items.map((i) => i.pn)).toEqual(['VX12-DOCK-1']);
  });

  it('keeps the two carts apart', () => {
    const video = renderHook(() => useCart('video'));
    const parts = renderHook(() => useCart('parts'));
    act(() => {
      video.result.current.add(item('VX12-BAT-STD', ['VT10000007']));
    });
    expect(parts.result.current.items).toEqual([]);
    expect(localStorage.getItem(CART_KEYS.parts)).toBeNull();
  });
});

describe('removeOrdered: once per order', () => {
  it('takes an order’s units out of the cart once, however often the order comes back', () => {
    localStorage.setItem(CART_KEYS.video, JSON.stringify([item('VX12-BAT-STD', ['VT10000007', 'VT10000008'])]));
    const line = { partNumber: 'VX12-BAT-STD', quantity: 1, model: 'VX12', serials: ['VT10000007'] };
    expect(removeOrdered('video', 'PB-100001', [line])).toBe(true);
    expect(stored()).toEqual([expect.objectContaining({ serials: ['VT10000008'], quantity: 1 })]);
    // The unit is added again after the order; the same order coming back leaves it there.
    localStorage.setItem(CART_KEYS.video, JSON.stringify([item('VX12-BAT-STD', ['VT10000007', 'VT10000008'])]));
    expect(removeOrdered('video', 'PB-100001', [line])).toBe(true);
    expect(stored()).toEqual([expect.objectContaining({ serials: ['VT10000007', 'VT10000008'], quantity: 2 })]);
    // Another order is taken out as usual.
    expect(removeOrdered('video', 'PB-100002', [line])).toBe(true);
    expect(stored()).toEqual([expect.objectContaining({ serials: ['VT10000008'] })]);
  });
});
