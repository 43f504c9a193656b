import type { RecyclePayload } from '@portal/api-client';
import { toNationalDigits, type AddressValues, type ContactValues } from '@portal/forms';
import type { RecycleState } from './flow';

const t = (value: string) => value.trim();

/**
 * The recycle body (spec §3, API contract): rmaType, primaryFault, problem and initialNotes fixed
 * to RECYCLE, fixed packaging, userId from /me, every string trimmed; `override` only for users
 * holding the override permission.
 */
export function buildRecyclePayload(input: {
  serial: string;
  userId: string;
  contact: ContactValues;
  address: AddressValues;
  override: RecycleState['override'] | null;
}): RecyclePayload {
  const { contact: c, address: a } = input;
  return {
    serial: t(input.serial),
    rmaInput: {
      rmaType: 'RECYCLE',
      primaryFault: 'RECYCLE',
      problem: 'RECYCLE',
      initialNotes: 'RECYCLE',
      permissions: {
        reimage: false,
        biosFirmware: false,
        userId: '',
        userPassword: '',
        biosPassword: '',
        hasDeviceData: false,
        acknowledgeClickWrapAgreement: false,
        acknowledgeHddBackup: false,
      },
      acc: { acPower: false, storage: false, hardCase: false, battery: false },
      attachments: [],
      userId: t(input.userId),
    },
    address: {
      line1: t(a.line1),
      line2: t(a.line2),
      city: t(a.city),
      state: t(a.state),
      country: t(a.country),
      postalCode: t(a.postalCode),
    },
    contact: {
      firstName: t(c.firstName),
      lastName: t(c.lastName),
      email: t(c.email),
      phone: toNationalDigits(c.phone),
      phoneCountryCode: t(c.phoneCountryCode),
      company: t(c.company),
      position: t(c.position),
    },
    packaging: { havePackaging: true, requestBox: false, forgoShipping: false },
    ...(input.override ? { override: { rmaType: input.override.rmaType, tpm: t(input.override.tpm) } } : {}),
  };
}
