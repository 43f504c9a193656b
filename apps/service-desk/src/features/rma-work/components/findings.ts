import type { DepotFindingCode } from '@portal/api-client';

/** The finding codes staff choose from, as the diagnosis object labels them. */
export const findingOptions: readonly { value: DepotFindingCode; label: string }[] = [
  { value: 'COMPONENT_FAILURE', label: 'Component failure' },
  { value: 'LIQUID_DAMAGE', label: 'Liquid damage' },
  { value: 'PHYSICAL_DAMAGE', label: 'Physical damage' },
  { value: 'WEAR', label: 'Wear' },
  { value: 'NO_FAULT_FOUND', label: 'No fault found' },
  { value: 'OTHER', label: 'Other' },
];

/** Liquid and physical damage remove warranty cover: such a finding needs two photos at least. */
export function removesCover(code: string): boolean {
  return code === 'LIQUID_DAMAGE' || code === 'PHYSICAL_DAMAGE';
}

export const FINDINGS_MAX = 10;
export const LINE_ITEMS_MAX = 30;
export const TEXT_MAX = 1000;
