import { UPGRADE_AFTER_OPEN_RMA } from '@portal/forms';

/**
 * The create-rma texts that are not spec messages (those come from @portal/forms). Written here
 * once so tests and components agree on them.
 */
export const SUPPORT_EMAIL = 'service@rugged.example';

export const COPY = {
  ex80:
    `Units of model EX80 are returned through the helpdesk, not through an online RMA. Please contact the helpdesk at ${SUPPORT_EMAIL} to arrange the return; this request cannot continue.`,
  optionsFailed: 'The repair options could not be loaded. Please try again.',
  guamBatteries:
    'Shipments from Guam cannot carry batteries: there is no dangerous-goods shipping service there. Please remove the batteries from the unit before you ship it.',
  clickWrapAgreement: [
    'You have told us the device holds data. By sending it in you agree that:',
    'our technicians may need to access, copy or erase that data to diagnose and repair the device;',
    'the data may be lost during the repair, and we are not liable for its loss or for restoring it;',
    'any data we see is handled as confidential, used only for this repair, and not kept after it.',
  ],
  clickWrapAccept: 'I have read and accept the data handling agreement above',
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
  paymentOptionsLoading: 'Loading the payment options…',
  paymentOptionsFailed: 'The payment options could not be loaded. Please try again.',
  priceUnknown: 'The total is calculated when the RMA is created.',
  discountApplied: (percent: number) => `Your ${percent}% discount is included in the total.`,
  cardNext:
    'Continue to Payment takes you to our card payment provider. Once the payment is approved you come back here and get the shipping label.',
  poReleaseHint: 'The 4 or 5 digit release number of your PO; it is sent as PO-release.',
  poFileHelp: 'A PDF or image (PNG, JPEG, TIFF) of the purchase order, up to 10 MB. It is uploaded as soon as you choose it.',
  poFileAttached: (name: string) => `Attached: ${name}`,
  saveQuoteHelp: 'Save Quote keeps this repair and its price as a quote you can pay later; no RMA is created yet.',
  leavingForPayment: 'Taking you to the payment provider…',
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
  networkFailed: 'The server could not be reached. Check your connection and try again.',

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

  branchPlaceholder: 'Choose a branch',
  branchHint: "Fills the contact and address below with the branch's; you can still change them.",
  branchesLoading: "Loading your organization's branches…",
  branchesFailed: "Your organization's branches could not be loaded: enter the address below.",
} as const;
