import type { BatchPackagingInput } from '@portal/api-client';
import { messages } from '@portal/forms';

/** How the batch's units travel: in the customer's own boxes, N a box, or in boxes we send. */
export interface PackagingValues {
  kind: BatchPackagingInput['kind'];
  /** As typed; only OWN_BOXES asks it. */
  unitsPerBox: string;
}

export const UNITS_PER_BOX_MIN = 1;
export const UNITS_PER_BOX_MAX = 50;
export const UNITS_PER_BOX_DEFAULT = 10;

export const defaultPackaging: PackagingValues = { kind: 'OWN_BOXES', unitsPerBox: String(UNITS_PER_BOX_DEFAULT) };

/** The API's rule for packaging.unitsPerBox, in its words. */
export const UNITS_PER_BOX_MESSAGE = messages.range(UNITS_PER_BOX_MIN, UNITS_PER_BOX_MAX);

/** The units-per-box field's message, undefined when it is fine (or not asked). */
export function validatePackaging(values: PackagingValues): string | undefined {
  if (values.kind !== 'OWN_BOXES') return undefined;
  const text = values.unitsPerBox.trim();
  if (text === '') return messages.required;
  if (!/^\d+$/.test(text)) return UNITS_PER_BOX_MESSAGE;
  const n = Number(text);
  return n >= UNITS_PER_BOX_MIN && n <= UNITS_PER_BOX_MAX ? undefined : UNITS_PER_BOX_MESSAGE;
}

export function toPackagingBody(values: PackagingValues): BatchPackagingInput {
  return values.kind === 'OWN_BOXES' ? { kind: 'OWN_BOXES', unitsPerBox: Number(values.unitsPerBox.trim()) } : { kind: 'REQUEST_BOXES' };
}

/** How many boxes N units make at this packaging (a hint beside the field). */
export function boxesFor(units: number, values: PackagingValues): number | null {
  if (values.kind !== 'OWN_BOXES' || validatePackaging(values) !== undefined || units === 0) return null;
  return Math.ceil(units / Number(values.unitsPerBox.trim()));
}
