/** The recycle texts: spec strings word for word, and our own wording where the spec has none. */
export const SUPPORT_EMAIL = 'service@rugged.example';

export const RECYCLE_COPY = {
  pageTitle: 'Recycle a unit',
  intro:
    'Send us a unit that is out of warranty and we will recycle it responsibly. Enter its serial number, agree to the terms below, and we will give you a prepaid shipping label.',
  inWarrantyTitle: 'This unit is still under warranty',
  inWarranty:
    'Units under warranty cannot be recycled through this page, because a fault may still be repaired free of charge. If the unit is faulty, open a repair request instead.',
  openRepair: 'Open a repair request for this unit',
  rmaExists: 'A service request already exists for this unit, so it cannot be sent for recycling now. Please contact support if you need help.',
  notFound: 'We could not find this serial number. Check it on the label under the unit and try again.',

  agreementsLegend: 'Before you send the unit',
  eligibility:
    'I own this unit, or I am authorised by its owner to send it for recycling, and I understand that only units that are out of warranty can be recycled here.',
  dataNotice:
    'I understand that any storage in the unit will be erased and destroyed during recycling, that no data can be recovered or returned afterwards, and that I have removed or backed up everything I want to keep.',
  liability:
    'I agree that ownership of the unit passes to the manufacturer when it is received for recycling, that the unit and anything left with it (accessories, media, labels) will not be returned, and that the manufacturer is not liable for data or items left in the unit.',
  consentLegend: 'Do you consent to having this unit recycled?',

  confirmTitle: 'Request to Recycle Summary',
  recyclingMyUnit: 'I am recycling my unit.',
  notReturned: "I understand my unit won't be returned once it's shipped.",
  accurate: 'I confirm the above information is accurate.',
  submit: 'Submit Request to Recycle',
  createError:
    'Error Creating RMA: Please Confirm you info and try again. If the problem persists, reach out to tech support',

  processed: 'Your Recycle request has been processed',
  downloadLabel: 'Download Shipping Label',
  withInvoice: ' & Commercial Invoice',
  invoiceFallback: 'Open the commercial invoice',
  emailed: (email: string) => `A copy of the link to your shipping label has also been emailed to ${email}.`,
  summary: (rmaNumber: string) => `Recycle# ${rmaNumber} Summary`,
  notCreated: 'Recycle Request has not been created',
  notCreatedHelp: `If you submitted a request, please contact support at ${SUPPORT_EMAIL} with your serial number and we will help you.`,
  recyclingWarning:
    'This unit is being recycled: it will not be repaired, and neither the unit nor anything shipped with it will be returned to you.',

  overrideTpm: 'Destination TPM',
  overrideRmaType: 'RMA Type',
} as const;

/** Admin override choices (API contract). */
export const RECYCLE_RMA_TYPES = [
  { value: 'RECYCLE', label: 'Recycle' },
  { value: 'RECYCLE_CREDIT', label: 'Recycle with credit' },
] as const;

export const RECYCLE_TPMS = [
  { value: 'DEPOT-RR', label: 'Service depot — Round Rock, TX' },
  { value: 'ECOCYCLE-DAL', label: 'EcoCycle Partners — Dallas, TX' },
  { value: 'GREENLOOP-RNO', label: 'GreenLoop Recovery — Reno, NV' },
] as const;

export const DEFAULT_TPM = 'DEPOT-RR';
