import { UPGRADE_AFTER_OPEN_RMA } from '@portal/forms';
import { SHARED_COPY, SUPPORT_EMAIL } from '../../shared/copy';

export { SUPPORT_EMAIL };

/**
 * The create-rma texts that are not spec messages (those come from @portal/forms). Written here
 * once so tests and components agree on them.
 */
export const COPY = {
  ...SHARED_COPY,
  ex80:
    `Units of model EX80 are returned through the helpdesk, not through an online RMA. Please contact the helpdesk at ${SUPPORT_EMAIL} to arrange the return; this request cannot continue.`,
  optionsFailed: 'The repair options could not be loaded. Please try again.',
  guamBatteries:
    'Shipments from Guam cannot carry batteries: there is no dangerous-goods shipping service there. Please remove the batteries from the unit before you ship it.',
  hddBackup: 'I have backed up the data on the hard drive: it may be erased during the repair.',
  disclaimer:
    'Disclaimer: the repair is carried out under the terms of your warranty or service agreement. Damage not covered by them, or found during inspection, may be quoted separately before any work is done.',
  notice:
    'Notice: do not include passwords you use elsewhere. Credentials given here are stored encrypted and used only by our technicians to test the unit.',
  uploadHelp: 'Photos or videos of the problem: up to 5 files at a time, 50 MB each.',
  tooManyFiles: 'Please choose up to 5 files at a time.',
  notMedia: (name: string) => `${name} is not an image or a video.`,
  tooLarge: (name: string) => `${name} is larger than 50 MB.`,
  uploadsPending: 'Wait for the uploads to finish before you continue.',

  packagingLegend: 'How will you send the unit?',
  packagingLabel: 'I have a box: give me a shipping label now',
  packagingLabelHint: 'Pack the unit in your own box; the shipping label is provided immediately.',
  packagingQr: 'Drop it off at a retail shipping office',
  packagingQrHint: 'No box or printer needed: the office packs the unit and prints the label.',
  packagingBox: 'Send me a box',
  packagingBoxHint: 'We ship you a box with the label inside: allow 3-5 business days for it to arrive.',
  labelOnly:
    'Addresses in Canada and military (APO/FPO/DPO) addresses ship with a prepaid label, provided as soon as the RMA is created.',
  international: `International RMAs get no automatic shipping label. Once the RMA is created, please contact support at ${SUPPORT_EMAIL} to arrange the shipment.`,
  advanceExchange:
    'This unit is replaced through advance exchange: send it back with the prepaid label provided as soon as the RMA is created.',
  officesLoading: 'Looking for shipping offices near you…',
  officesFailed: 'The nearby shipping offices could not be loaded. You can still choose this option and find an office later.',
  officesNone: 'No shipping offices were found near this address.',

  paymentOverride: 'An override has been applied to allow you to submit this RMA without prepayment.',
  priceUnknown: 'The total is calculated when the RMA is created.',
  cardNext:
    'Continue to Payment takes you to our card payment provider. Once the payment is approved you come back here and get the shipping label.',
  saveQuoteHelp: 'Save Quote keeps this repair and its price as a quote you can pay later; no RMA is created yet.',
  processingPayment: 'Confirming your payment and creating the shipping label…',
  cancellingRma: 'Cancelling the RMA…',
  paymentFailed: (rmaNumber: string) =>
    `RMA ${rmaNumber} is waiting for its payment. Try the payment again, or cancel the RMA if you no longer want the repair.`,
  pendingTitle: (rmaNumber: string) => `RMA ${rmaNumber} is waiting for its payment.`,
  pendingText: (amount: string) =>
    `It holds this unit until it is paid or cancelled. Pay ${amount} now to get the shipping label, or cancel the RMA to free the unit.`,
  pendingAutoCancel: 'An RMA left unpaid is cancelled automatically, and you are told so by e-mail.',
  payNow: 'Pay Now',
  quoteSaved: (quoteId: string) => `Quote ${quoteId} saved`,
  quoteSavedHelp:
    'Your quote is saved: check the details below, then pay by card or PO to create the RMA and get the shipping label. You can also come back to this page later from the link in your account.',

  created: (rmaNumber: string) => `Your RMA ${rmaNumber} has been created.`,
  labelHelp: 'Print the shipping label and attach it to the box. The label expires 30 days after issue.',
  shippingError: `There was a error during shipping label creation. If you don't receive a label via email within 24 hours: please contact ${SUPPORT_EMAIL} with your rma number, and a label will be provided.`,
  boxComing: 'A box with the shipping label is on its way to you: allow 3-5 business days for it to arrive.',
  qrDropOff: 'Take the unit and the label (on paper or on your phone) to a retail shipping office; they pack and send it.',
  internationalDone: `No shipping label is provided for international RMAs: please contact support at ${SUPPORT_EMAIL} with your RMA number to arrange the shipment.`,
  rmaNotCreatedHelp: `If you submitted a request, please contact support at ${SUPPORT_EMAIL}.`,
  newRequest: 'Need to Create a new Service Request?',

  upgradeIntro:
    'Add memory, storage, a bigger battery or a radio module to a unit you already have. Choose an upgrade, send the unit in with the prepaid label and we fit it, test the unit and send it back. Upgrades are paid before the label is issued (by card, or by purchase order where your account allows it), whether or not the unit is in warranty.',
  upgradeSignIn:
    'Sign in to check your unit and see the upgrades its model takes with their prices. The upgrade is requested, paid and labelled under your account.',
  upgradeHelpdesk: `Upgrades are not offered for the EX80: every service of this model is arranged through the helpdesk. Please contact the helpdesk at ${SUPPORT_EMAIL}.`,
  upgradeEndOfService: 'This unit is end of service: parts are no longer stocked for it, so it cannot be upgraded.',
  upgradeOpenRma: UPGRADE_AFTER_OPEN_RMA,
  upgradeOptionsFailed: 'The upgrade options could not be loaded. Please try again.',
  upgradeOptionsLoading: 'Loading the upgrade options…',
  noUpgrades: (model: string) => `No upgrades are offered for the ${model} at this time, please reach out to support & service.`,
  upgradeLegend: 'Choose an upgrade',
  upgradeNotes: 'Notes for the technician (optional)',
  upgradeSaveQuoteHelp: 'Save Quote keeps this upgrade and its price as a quote you can pay later; no RMA is created yet.',
  upgradePaymentFailed: (rmaNumber: string) =>
    `Upgrade RMA ${rmaNumber} is waiting for its payment. Try the payment again, or cancel the RMA if you no longer want the upgrade.`,
  upgradeQuoteSavedHelp:
    'Your upgrade quote is saved: check the details below, then pay by card or PO to create the upgrade RMA and get the shipping label.',

  batchLink: 'Many units? Create a batch',

} as const;
