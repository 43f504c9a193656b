import type { RecyclePayload } from './types';

/** A recycle body as the wizard sends it (every string trimmed). */
export function recyclePayload(serial = 'RT10000002'): RecyclePayload {
  return {
    serial,
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
      userId: 'user-casey',
    },
    address: { line1: '2100 Riverside Dr', line2: '', city: 'Austin', state: 'TX', country: 'US', postalCode: '78741' },
    contact: {
      firstName: 'Casey',
      lastName: 'Morgan',
      email: 'casey@example.com',
      phone: '5125550142',
      phoneCountryCode: 'US',
      company: 'Morgan Field Services',
      position: '',
    },
    packaging: { havePackaging: true, requestBox: false, forgoShipping: false },
  };
}
