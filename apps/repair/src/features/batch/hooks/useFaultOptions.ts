import { useEffect, useMemo, useState } from 'react';
import { isAbortError, type RepairSelection } from '@portal/api-client';
import { useApi } from '@portal/auth';
import { RMA_TYPE } from '../../../shared/rmaType';

/** Each model's faults and their problems, as loaded so far (a model absent is loading or failed). */
export type FaultOptions = ReadonlyMap<string, readonly RepairSelection[]>;

/**
 * The faults and problems the pre-flight accepts for each model of the rows: the same repair
 * options the single create-RMA stepper offers (GraphQL repairFormSelections, kept per model; the
 * pre-flight's verdict names a row's model), loaded once a model. A model whose options fail to
 * load stays absent: its rows keep free-text cells, and the pre-flight still judges them.
 */
export function useFaultOptions(models: readonly string[]): FaultOptions {
  const api = useApi();
  const [loaded, setLoaded] = useState<ReadonlyMap<string, readonly RepairSelection[]>>(new Map());
  const wanted = useMemo(() => [...new Set(models)].sort().join('\n'), [models]);

  useEffect(() => {
    const missing = wanted.split('\n').filter((model) => model !== '' && !loaded.has(model));
    if (missing.length === 0) return undefined;
    const controller = new AbortController();
    for (const model of missing) {
      api.repair.repairFormSelections({ pn: '', model, rmaType: RMA_TYPE, serial: '' }, { signal: controller.signal }).then(
        (selections) => {
          if (!controller.signal.aborted) setLoaded((current) => new Map(current).set(model, selections));
        },
        (error: unknown) => {
          if (isAbortError(error) || controller.signal.aborted) return;
          console.error(`Loading the repair options of ${model} failed`, error);
        },
      );
    }
    return () => controller.abort();
    // loaded is read to skip what is there; it changing must not start the loads again.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [api, wanted]);

  return loaded;
}

/**
 * The faults every one of these models offers, each with the problems they all offer: what 'Fill
 * empty cells' may write into rows of several models. Null when a model's options are not known.
 */
export function commonFaults(options: FaultOptions, models: readonly string[]): RepairSelection[] | null {
  const lists = [...new Set(models)].map((model) => options.get(model));
  if (lists.length === 0 || lists.some((list) => list === undefined)) return null;
  const [first, ...others] = lists as (readonly RepairSelection[])[];
  return first!
    .map((fault) => ({
      ...fault,
      options: fault.options.filter((option) =>
        others.every((list) => list.some((f) => f.name === fault.name && f.options.some((o) => o.name === option.name))),
      ),
    }))
    .filter((fault) => fault.options.length > 0 && others.every((list) => list.some((f) => f.name === fault.name)));
}
