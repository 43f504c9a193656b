import type { CreateRmaPayload } from '@portal/api-client';
import { toAddressBody, toContactBody, type AddressValues, type ContactValues } from '@portal/forms';
import { toPackagingPayload, type PackagingKind } from './packaging';
import { asksAboutData, type ProblemValues } from './problem';
import { RMA_TYPE } from './kind';

// The phone helpers this needs load the phone metadata (libphonenumber): only the confirm step,
// loaded after the first, imports this module, so the page a customer lands on goes without it.

const t = (value: string) => value.trim();

/** The create-RMA body (spec §3), every string trimmed; rmaType defaults to REPAIR. */
export function buildCreatePayload(input: {
  rmaType?: string;
  serial: string;
  productType: string;
  problem: ProblemValues;
  contact: ContactValues;
  address: AddressValues;
  packaging: PackagingKind;
}): CreateRmaPayload {
  const { problem: p, contact: c, address: a } = input;
  const veretos = asksAboutData({ productType: input.productType });
  const hasDeviceData = veretos && p.hasDeviceData === 'yes';
  return {
    serial: t(input.serial),
    rmaInput: {
      rmaType: input.rmaType ?? RMA_TYPE,
      primaryFault: t(p.primaryFault),
      problem: t(p.problem),
      initialNotes: t(p.initialNotes),
      permissions: {
        reimage: p.reimage === 'yes',
        biosFirmware: p.biosFirmware === 'yes',
        // VERETOS units never send credentials (the fields are hidden).
        userId: veretos ? '' : t(p.userId),
        userPassword: veretos ? '' : p.userPassword,
        biosPassword: veretos ? '' : p.biosPassword,
        hasDeviceData,
        acknowledgeClickWrapAgreement: hasDeviceData && p.acknowledgeClickWrapAgreement,
        acknowledgeHddBackup: p.acknowledgeHddBackup,
      },
      acc: { ...p.acc },
      customerReference: t(p.customerReference),
      assetTag: t(p.assetTag),
      attachments: p.attachments.map((file) => file.bucketFileName),
    },
    address: toAddressBody(a),
    contact: toContactBody(c),
    packaging: toPackagingPayload(input.packaging),
  };
}
