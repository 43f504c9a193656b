import type { Unit } from '@portal/api-client';
import { compact, limits, maxLength, required, validate, type FieldErrors } from '@portal/forms';
import { needsHelpdeskReturn } from '@portal/forms/units';
import type { ProblemField, ProblemValues } from './problem';

/** The fields the upgrade step collects (the rest of ProblemValues keeps its empty defaults). */
export type UpgradeField = Extract<ProblemField, 'primaryFault' | 'problem' | 'initialNotes' | 'customerReference' | 'assetTag'>;

/** Why a unit takes no upgrade, or null when it may be upgraded (the API's rules, api/rma). */
export type UpgradeBlock = 'helpdesk' | 'end-of-service' | 'open-rma' | null;

export function upgradeBlock(unit: Unit): UpgradeBlock {
  // Spec §9's EX80 is serviced through the helpdesk only: no online upgrade either.
  if (needsHelpdeskReturn(unit)) return 'helpdesk';
  if (unit.isEOS) return 'end-of-service';
  // The out-of-warranty override lets a repair in beside an open RMA, never an upgrade.
  if (unit.rmaExists) return 'open-rma';
  return null;
}

/** The serial check's verdict for the upgrade flow: the unit exists and takes upgrades. */
export function isUpgradeable(unit: Unit): boolean {
  return upgradeBlock(unit) === null;
}

/**
 * The upgrade step's rules, as the API applies them: a category and an option (that they are
 * the model's is the server's check against its list), optional notes within spec §9's limit,
 * no photos.
 */
export function validateUpgrade(values: ProblemValues): FieldErrors<UpgradeField> {
  return compact<UpgradeField>({
    primaryFault: validate(values.primaryFault, [required]),
    problem: validate(values.problem, [required]),
    initialNotes: validate(values.initialNotes, [maxLength(limits.notes)]),
    customerReference: validate(values.customerReference, [maxLength(limits.referenceId)]),
    assetTag: validate(values.assetTag, [maxLength(limits.assetTag)]),
  });
}
