import { compact, limits, maxLength, required, validate, type FieldErrors } from '@portal/forms';
import type { ProblemField, ProblemValues } from './problem';

/** The fields the upgrade step collects (the rest of ProblemValues keeps its empty defaults). */
export type UpgradeField = Extract<ProblemField, 'primaryFault' | 'problem' | 'initialNotes' | 'customerReference' | 'assetTag'>;

// Which units take an upgrade is @portal/forms' rule (offers.ts), shared with the pages that
// link here (a unit's inventory profile), so none offers an upgrade this flow refuses.
export { upgradeBlock, isUpgradeable, type UpgradeBlock } from '@portal/forms';

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
