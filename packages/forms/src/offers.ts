import type { UnitBlock } from '@portal/api-client';
import { HELPDESK_RETURN_MODEL, isSerialValidForNewRma, type SerialEligibility } from './serial';

// What the API will accept for a unit, from the facts its serial check answers (spec §4 and
// api/rma: unitForNewRMA, Recycler). A page offers a repair, an upgrade or a recycling only
// when these say yes, so no link leads to a page that then refuses the unit.

/** The facts of a serial check the offers read; the API's own verdict on a repair when it gives one. */
export interface UnitOfferFacts extends SerialEligibility {
  iw: boolean;
  validForNewRma?: boolean;
}

/** A repair RMA may be opened: spec §4's rule, and the API's verdict when it says no. */
export function mayOpenRepair(unit: UnitOfferFacts): boolean {
  return isSerialValidForNewRma(unit) && unit.validForNewRma !== false;
}

/** Why a unit takes no upgrade, or null when it may be upgraded. */
export type UpgradeBlock = 'helpdesk' | 'end-of-service' | 'open-rma' | null;

export function upgradeBlock(unit: SerialEligibility): UpgradeBlock {
  // Spec §9's EX80 is serviced through the helpdesk only: no online upgrade either.
  if (unit.model === HELPDESK_RETURN_MODEL) return 'helpdesk';
  if (unit.isEOS) return 'end-of-service';
  // The out-of-warranty override lets a repair in beside an open RMA, never an upgrade.
  if (unit.rmaExists) return 'open-rma';
  return null;
}

/** What a unit with an open RMA is told wherever an upgrade is offered or asked for. */
export const UPGRADE_AFTER_OPEN_RMA = 'This unit has an open RMA. An upgrade can be requested once that RMA is closed.';

/** The unit may be upgraded (upgrade-device accepts it). */
export function isUpgradeable(unit: SerialEligibility): boolean {
  return upgradeBlock(unit) === null;
}

/**
 * The unit may be recycled: only out of warranty (spec §4), and, as for repairs, not while it has
 * an open RMA unless the out-of-warranty override allows it.
 */
export function mayRecycle(unit: Pick<UnitOfferFacts, 'iw' | 'rmaExists' | 'allowOow'>): boolean {
  return !unit.iw && (!unit.rmaExists || unit.allowOow);
}

/**
 * What a saved quote says instead of Open when the server says its unit would refuse the RMA the
 * quote opens into (GraphQL SavedQuote.unitBlock), so Your quotes never opens a page that refuses.
 */
export const QUOTE_UNIT_BLOCK_TEXT: Record<UnitBlock, string> = {
  OPEN_RMA: 'Its unit has an open RMA: this quote can be used once that RMA is closed.',
  END_OF_SERVICE: 'Its unit has reached the end of service: this quote can no longer be used.',
  HELPDESK_ONLY: 'Please contact the helpdesk to arrange the return of this unit.',
};
