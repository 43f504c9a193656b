/** Where customers write for help (spec §2's support address). */
export const SUPPORT_EMAIL = 'service@rugged.example';

/**
 * The texts both the single create-RMA stepper and the batch page show (the data agreement, the
 * payment's hints, the branches, the connection advice): written once so both say the same.
 */
export const SHARED_COPY = {
  clickWrapAgreement: [
    'You have told us the device holds data. By sending it in you agree that:',
    'our technicians may need to access, copy or erase that data to diagnose and repair the device;',
    'the data may be lost during the repair, and we are not liable for its loss or for restoring it;',
    'any data we see is handled as confidential, used only for this repair, and not kept after it.',
  ],
  clickWrapAccept: 'I have read and accept the data handling agreement above',
  paymentOptionsLoading: 'Loading the payment options…',
  paymentOptionsFailed: 'The payment options could not be loaded. Please try again.',
  discountApplied: (percent: number) => `Your ${percent}% discount is included in the total.`,
  poReleaseHint: 'The 4 or 5 digit release number of your PO; it is sent as PO-release.',
  poFileHelp: 'A PDF or image (PNG, JPEG, TIFF) of the purchase order, up to 10 MB. It is uploaded as soon as you choose it.',
  poFileAttached: (name: string) => `Attached: ${name}`,
  leavingForPayment: 'Taking you to the payment provider…',
  networkFailed: 'The server could not be reached. Check your connection and try again.',
  branchPlaceholder: 'Choose a branch',
  branchHint: "Fills the contact and address below with the branch's; you can still change them.",
  branchesLoading: "Loading your organization's branches…",
  branchesFailed: "Your organization's branches could not be loaded: enter the address below.",
} as const;
