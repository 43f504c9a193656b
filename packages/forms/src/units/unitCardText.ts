import type { Unit } from '@portal/api-client';
import { HELPDESK_RETURN_MODEL } from '../index';
import { formatDate } from '@portal/ui';

export type UnitStateTone = 'good' | 'attention' | 'blocked';

export const UNIT_TEXT = {
  rmaExists: 'RMA Already Exists For This Unit',
  missingData: 'Your unit is missing data, please contact support',
  outOfWarranty: 'Repairs may require payment upon diagnosis/inspection',
  oowOverride: 'An override has been applied to allow you to submit this RMA without prepayment',
  warranty: 'Covered under warranty',
  endOfService: 'This unit has reached end of service and can no longer be repaired.',
  specialService: 'This unit is handled through a special service process (advance exchange).',
  helpdeskReturn: 'Please contact the helpdesk to arrange the return of this unit.',
} as const;

/** What the card says about a unit's service state, per the API's cardState. */
export function unitStateText(unit: Unit): { text: string; tone: UnitStateTone } {
  switch (unit.cardState) {
    case 'rma-exists':
      return { text: UNIT_TEXT.rmaExists, tone: 'blocked' };
    case 'missing-data':
      return { text: UNIT_TEXT.missingData, tone: 'attention' };
    case 'out-of-warranty':
      return unit.allowOow
        ? { text: UNIT_TEXT.oowOverride, tone: 'good' }
        : { text: UNIT_TEXT.outOfWarranty, tone: 'attention' };
    case 'warranty': {
      const until = formatDate(unit.endDeviceWarranty) || null;
      return { text: until ? `${UNIT_TEXT.warranty} until ${until}` : UNIT_TEXT.warranty, tone: 'good' };
    }
    case 'end-of-service':
      return { text: UNIT_TEXT.endOfService, tone: 'blocked' };
    case 'special-service':
      return { text: UNIT_TEXT.specialService, tone: 'attention' };
  }
}

export function needsHelpdeskReturn(unit: Unit): boolean {
  return unit.model === HELPDESK_RETURN_MODEL;
}

/** Known illustrations under the host's /assets/units/. */
export const UNIT_IMAGE_FALLBACK = '/assets/units/unknown.svg';

export function unitImageSrc(modelFamily: string | null | undefined): string {
  const family = (modelFamily ?? '').trim().toLowerCase();
  return /^[a-z0-9-]+$/.test(family) ? `/assets/units/${family}.svg` : UNIT_IMAGE_FALLBACK;
}
