import type { StoredRma, Unit } from '@portal/api-client';
import type { AddressValues, ContactValues } from '@portal/forms';
import type { PackagingKind } from './packaging';
import type { ProblemValues } from './problem';

/** What the label step's summary shows. */
export interface LabelSummary {
  unit: Unit | null;
  serial: string;
  problem: ProblemValues;
  contact: ContactValues;
  address: AddressValues;
  packaging: PackagingKind | '';
}

const PACKAGING_KINDS: readonly string[] = ['label', 'qr', 'box', 'international'] satisfies PackagingKind[];

/**
 * The unit the label step names when the page holds none of its own: the serial check answers
 * only for a unit with an RMA ('RMA Already Exists For This Unit') once the RMA exists.
 */
const heldByItsRma: Unit = {
  serial: '',
  model: '',
  modelFamily: '',
  pn: '',
  productType: '',
  iw: false,
  allowOow: false,
  allowedRepairType: [],
  rmaExists: true,
  endDeviceWarranty: null,
  warrantyType: '',
  isEOS: false,
  validForNewRma: false,
  cardState: 'rma-exists',
};

/**
 * The label step's summary: the RMA as the server stored it when the answer carries it (an
 * out-of-warranty RMA processed after its payment), else what the flow holds.
 *
 * The flow's own copy does not survive every way back from the payment provider. Its unit is the
 * serial check's unit valid for a new RMA, and once the RMA exists the check answers 'RMA Already
 * Exists For This Unit', so the page that reloads on the provider's return had no unit: Model,
 * Model Family and Part Number showed '—'. And a payment resumed from Your RMAs or from the unit's
 * page comes back to a page that never held the RMA's problem, contact or address. The server's
 * copy is the RMA itself; the flow adds only what the server does not answer (the attachments'
 * names, the unit's other facts).
 */
export function labelSummary(stored: StoredRma | undefined, kept: LabelSummary, checked: Unit | null): LabelSummary {
  if (!stored) return { ...kept, unit: kept.unit ?? checked };
  const { unit, summary } = stored;
  const base = checked?.serial === unit.serial ? checked : heldByItsRma;
  const p = summary.problem;
  const yesNo = (value: boolean) => (value ? ('yes' as const) : ('no' as const));
  return {
    unit: { ...base, serial: unit.serial, model: unit.model, modelFamily: unit.modelFamily, pn: unit.pn, productType: unit.productType },
    serial: unit.serial,
    problem: {
      ...kept.problem,
      primaryFault: p.primaryFault,
      problem: p.problem,
      initialNotes: p.initialNotes,
      customerReference: p.customerReference,
      assetTag: p.assetTag,
      reimage: yesNo(p.reimage),
      biosFirmware: yesNo(p.biosFirmware),
      hasDeviceData: p.hasDeviceData === null ? '' : yesNo(p.hasDeviceData),
      acc: { ...p.acc },
    },
    contact: { ...summary.contact },
    address: { ...summary.address },
    packaging: PACKAGING_KINDS.includes(summary.packaging) ? (summary.packaging as PackagingKind) : kept.packaging,
  };
}
