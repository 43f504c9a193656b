import type { RecyclePayload } from '@portal/api-client';
import { toAddressBody, toContactBody, type AddressValues, type ContactValues } from '@portal/forms';
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
    address: toAddressBody(a),
    contact: toContactBody(c),
    packaging: { havePackaging: true, requestBox: false, forgoShipping: false },
    ...(input.override ? { override: { rmaType: input.override.rmaType, tpm: t(input.override.tpm) } } : {}),
  };
}
