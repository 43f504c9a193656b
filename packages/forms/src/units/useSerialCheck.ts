import { useEffect, useRef, useState } from 'react';
import { isAbortError, isApiError, type Unit, type VerifySerialResult } from '@portal/api-client';
import { useApi } from '@portal/auth';
import { mayOpenRepair, normalizeSerial, shouldCheckSerial, type SerialStatus } from '../index';

/** Wait this long after the last keystroke before asking the API. */
export const SERIAL_CHECK_DEBOUNCE_MS = 400;

export const SERIAL_CHECK_FAILED = 'The serial number could not be checked right now. Please try again.';

export interface SerialCheck {
  status: SerialStatus;
  /** The unit found for the current serial (valid for a new RMA or not). */
  unit: Unit | null;
  /** Why the check could not be done (network, server); not a verdict on the serial. */
  error: string | null;
}

type Outcome = { serial: string; result: VerifySerialResult } | { serial: string; error: string };

/**
 * Checks a serial against the units registry once it has 9 characters, debounced, cancelling
 * checks for serials the user has typed past; a serial the page opened with (from its URL) was
 * not typed, so it is checked at once. `isValid` decides what 'valid' means for the flow (a
 * repair by default; the recycle flow passes its own eligibility).
 */
export function useSerialCheck(
  serialInput: string,
  isValid: (unit: Unit) => boolean = mayOpenRepair,
  debounceMs = SERIAL_CHECK_DEBOUNCE_MS,
): SerialCheck {
  const api = useApi();
  const serial = normalizeSerial(serialInput);
  // A serial the page opened with may have been checked ahead of it (a route's preload): its
  // first render then has the answer.
  const [outcome, setOutcome] = useState<Outcome | null>(() => {
    const result = shouldCheckSerial(serial) ? api.repair.prefetchedSerial(serial) : undefined;
    return result ? { serial, result } : null;
  });
  // Until the first check: the serial the first render already has the answer of, if any.
  const opened = useRef<{ answered?: string } | null>({ answered: outcome?.serial });

  useEffect(() => {
    const onOpen = opened.current;
    opened.current = null;
    if (!shouldCheckSerial(serial)) return undefined;
    if (onOpen?.answered === serial) return undefined;
    const delay = onOpen ? 0 : debounceMs;
    const controller = new AbortController();
    const timer = setTimeout(() => {
      api.repair.verifySerial(serial, { signal: controller.signal }).then(
        (result) => setOutcome({ serial, result }),
        (error: unknown) => {
          if (isAbortError(error) || controller.signal.aborted) return;
          const message =
            isApiError(error) && error.status === 400 ? (error.fields.serial ?? error.message) : SERIAL_CHECK_FAILED;
          setOutcome({ serial, error: message });
        },
      );
    }, delay);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [api, serial, debounceMs]);

  if (!shouldCheckSerial(serial)) return { status: 'empty', unit: null, error: null };
  if (!outcome || outcome.serial !== serial) return { status: 'checking', unit: null, error: null };
  if ('error' in outcome) return { status: 'empty', unit: null, error: outcome.error };
  if (outcome.result.kind === '404') return { status: 'not-found', unit: null, error: null };
  const { unit } = outcome.result;
  return { status: isValid(unit) ? 'valid' : 'not-valid', unit, error: null };
}
