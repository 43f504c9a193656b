import type { Money, RepairSelection, Unit, UploadedFile } from '@portal/api-client';
import { compact, limits, maxLength, messages, required, validate, type FieldErrors } from '@portal/forms';

export type YesNo = 'yes' | 'no';

/** The product type that asks about data on the device instead of credentials (spec §2). */
export const DATA_QUESTION_PRODUCT_TYPE = 'VERETOS';

export interface Accessories {
  hardCase: boolean;
  acPower: boolean;
  battery: boolean;
  storage: boolean;
}

/** What step 1 collects besides the serial (spec §3 problem data). */
export interface ProblemValues {
  primaryFault: string;
  problem: string;
  initialNotes: string;
  reimage: YesNo;
  biosFirmware: YesNo;
  acc: Accessories;
  hasDeviceData: YesNo | '';
  acknowledgeClickWrapAgreement: boolean;
  acknowledgeHddBackup: boolean;
  userId: string;
  userPassword: string;
  biosPassword: string;
  customerReference: string;
  assetTag: string;
  attachments: UploadedFile[];
}

export type ProblemField = Exclude<keyof ProblemValues, 'acc' | 'reimage' | 'biosFirmware'>;

export const emptyProblem: ProblemValues = {
  primaryFault: '',
  problem: '',
  initialNotes: '',
  reimage: 'no',
  biosFirmware: 'no',
  acc: { hardCase: false, acPower: false, battery: false, storage: false },
  hasDeviceData: '',
  acknowledgeClickWrapAgreement: false,
  acknowledgeHddBackup: false,
  userId: '',
  userPassword: '',
  biosPassword: '',
  customerReference: '',
  assetTag: '',
  attachments: [],
};

export function asksAboutData(unit: Pick<Unit, 'productType'>): boolean {
  return unit.productType.trim().toUpperCase() === DATA_QUESTION_PRODUCT_TYPE;
}

/**
 * A fault change clears the problem and with it the price shown (spec §4). The price is never
 * kept here: the table reads it from the options, and the server prices the problem itself.
 */
export function chooseFault(values: ProblemValues, primaryFault: string): ProblemValues {
  if (primaryFault === values.primaryFault) return values;
  return { ...values, primaryFault, problem: '' };
}

/** A sole primary fault is chosen for the user (spec §4). */
export function autoSelectFault(values: ProblemValues, selections: readonly RepairSelection[]): ProblemValues {
  const sole = selections.length === 1 ? selections[0] : undefined;
  return sole && values.primaryFault === '' ? chooseFault(values, sole.name) : values;
}

const accepted = (value: boolean) => (value ? undefined : messages.required);

/** Spec §5 problem-step rules for a unit. */
export function validateProblem(values: ProblemValues, unit: Pick<Unit, 'productType'>): FieldErrors<ProblemField> {
  const veretos = asksAboutData(unit);
  const credential = [maxLength(limits.credential)];
  return compact<ProblemField>({
    primaryFault: validate(values.primaryFault, [required]),
    problem: validate(values.problem, [required]),
    initialNotes: validate(values.initialNotes, [required, maxLength(limits.notes)]),
    hasDeviceData: veretos ? validate(values.hasDeviceData, [required]) : undefined,
    acknowledgeClickWrapAgreement:
      veretos && values.hasDeviceData === 'yes' ? accepted(values.acknowledgeClickWrapAgreement) : undefined,
    acknowledgeHddBackup: accepted(values.acknowledgeHddBackup),
    userId: veretos ? undefined : validate(values.userId, credential),
    userPassword: veretos ? undefined : validate(values.userPassword, credential),
    biosPassword: veretos ? undefined : validate(values.biosPassword, credential),
    customerReference: validate(values.customerReference, [maxLength(limits.referenceId)]),
    assetTag: validate(values.assetTag, [maxLength(limits.assetTag)]),
    attachments: values.attachments.length === 0 ? messages.mustAttachFiles : undefined,
  });
}

/** The price of the chosen problem among a unit's options (null when it is not among them). */
export function priceOf(selections: readonly RepairSelection[], values: Pick<ProblemValues, 'primaryFault' | 'problem'>): Money | null {
  const fault = selections.find((s) => s.name === values.primaryFault);
  return fault?.options.find((o) => o.name === values.problem)?.price ?? null;
}
