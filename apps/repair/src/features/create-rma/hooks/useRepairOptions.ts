import { useEffect, useState } from 'react';
import { isAbortError, type RepairSelection, type Unit } from '@portal/api-client';
import { useApi } from '@portal/auth';
import { RMA_TYPE } from '../model/kind';

export type RepairOptions =
  | { status: 'idle' | 'loading' }
  | { status: 'ready'; selections: RepairSelection[] }
  | { status: 'failed' };

type Loaded = { key: string; options: RepairOptions };

/**
 * The primary faults and problems of a unit (GraphQL repairFormSelections), or with rmaType
 * UPGRADE its upgrade categories and options. `onLoaded` runs with each list as it arrives (the
 * flow auto-selects a sole fault there).
 */
export function useRepairOptions(
  unit: Unit | null,
  onLoaded: (selections: RepairSelection[]) => void,
  rmaType: string = RMA_TYPE,
): { options: RepairOptions; retry: () => void } {
  const api = useApi();
  const [attempt, setAttempt] = useState(0);
  const [loaded, setLoaded] = useState<Loaded | null>(null);
  const key = unit ? `${rmaType}|${unit.serial}|${unit.pn}|${unit.model}|${attempt}` : null;

  useEffect(() => {
    if (!unit || key === null) return undefined;
    const controller = new AbortController();
    api.repair
      .repairFormSelections({ pn: unit.pn, model: unit.model, rmaType, serial: unit.serial }, { signal: controller.signal })
      .then(
        (selections) => {
          if (controller.signal.aborted) return;
          setLoaded({ key, options: { status: 'ready', selections } });
          onLoaded(selections);
        },
        (error: unknown) => {
          if (isAbortError(error) || controller.signal.aborted) return;
          console.error(`Loading the ${rmaType} options failed`, error);
          setLoaded({ key, options: { status: 'failed' } });
        },
      );
    return () => controller.abort();
    // onLoaded is a fresh callback each render; the unit and attempt decide when to load.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [api, key]);

  const options: RepairOptions =
    key === null ? { status: 'idle' } : loaded && loaded.key === key ? loaded.options : { status: 'loading' };
  return { options, retry: () => setAttempt((n) => n + 1) };
}
