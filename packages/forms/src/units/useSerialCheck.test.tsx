import type { ReactNode } from 'react';
import { act, renderHook } from '@testing-library/react';
import type { VerifySerialResult } from '@portal/api-client';
import { SessionProvider } from '@portal/auth';
import { sessionWith, warrantyUnit } from '../testing';
import { SERIAL_CHECK_DEBOUNCE_MS, useSerialCheck } from './useSerialCheck';

function checkSerials(initial: string, prefetched?: VerifySerialResult) {
  const verifySerial = jest.fn(async () => ({ kind: 'found' as const, unit: warrantyUnit }));
  const prefetchedSerial = (serial: string) => (serial === 'RT10000001' ? prefetched : undefined);
  const session = sessionWith({ repair: { verifySerial, prefetchedSerial } });
  const wrapper = ({ children }: { children: ReactNode }) => <SessionProvider session={session}>{children}</SessionProvider>;
  const hook = renderHook(({ serial }) => useSerialCheck(serial), { initialProps: { serial: initial }, wrapper });
  return { ...hook, verifySerial };
}

async function advance(ms: number) {
  await act(async () => {
    jest.advanceTimersByTime(ms);
  });
}

beforeEach(() => jest.useFakeTimers());

test('checks a serial the page opened with at once: nobody typed it', async () => {
  const { verifySerial } = checkSerials('RT10000001');

  await advance(0);
  expect(verifySerial).toHaveBeenCalledWith('RT10000001', { signal: expect.any(AbortSignal) });
});

test('checks a typed serial once typing has paused', async () => {
  const { rerender, verifySerial } = checkSerials('');

  rerender({ serial: 'RT1000000' });
  await advance(SERIAL_CHECK_DEBOUNCE_MS - 1);
  rerender({ serial: 'RT10000001' });
  await advance(SERIAL_CHECK_DEBOUNCE_MS - 1);
  expect(verifySerial).not.toHaveBeenCalled();

  await advance(1);
  expect(verifySerial).toHaveBeenCalledTimes(1);
  expect(verifySerial).toHaveBeenCalledWith('RT10000001', { signal: expect.any(AbortSignal) });
});

test("shows the answer of a check made ahead of the page in the page's first render, without asking again", async () => {
  const { result, verifySerial } = checkSerials('rt10000001', { kind: 'found', unit: warrantyUnit });

  expect(result.current).toEqual({ status: 'valid', unit: warrantyUnit, error: null });
  await advance(SERIAL_CHECK_DEBOUNCE_MS);
  expect(verifySerial).not.toHaveBeenCalled();
});

test('checks a serial typed after the page opened, though the first one was answered ahead', async () => {
  const { rerender, result, verifySerial } = checkSerials('RT10000001', { kind: '404' });
  expect(result.current.status).toBe('not-found');

  rerender({ serial: 'RT10000002' });
  expect(result.current.status).toBe('checking');
  await advance(SERIAL_CHECK_DEBOUNCE_MS);
  expect(verifySerial).toHaveBeenCalledWith('RT10000002', { signal: expect.any(AbortSignal) });
});
