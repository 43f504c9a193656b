/**
 * The portal's user-facing validation and status messages (spec §5, §4, §8), word for word and in
 * one place. The Go API returns the same strings for the same rules.
 */
export const messages = {
  required: 'Required',
  exactLength: (n: number) => `Must be ${n} characters`,
  maxLength: (n: number) => `Must be less than ${n + 1} characters`,
  minLength: (n: number) => `Must be at least ${n} characters`,
  /** A whole number out of its range (the batch's packaging.unitsPerBox: 'Must be 1 to 50'). */
  range: (min: number, max: number) => `Must be ${min} to ${max}`,
  email: 'Must be a valid e-mail address',
  poBox: 'Cannot be a PO box',
  /** The city of a military state (AA, AE, AP) that is not APO, FPO or DPO (api/geo MsgMilitaryCity). */
  militaryCity: 'Must be APO, FPO or DPO for a military state',
  /** An APO, FPO or DPO city whose address is not in a military state (api/geo MsgMilitaryState). */
  militaryState: 'APO, FPO and DPO need a military state (AA, AE or AP)',
  phoneInvalid: 'Invalid Format or Number',
  inputTooLong: 'Input length too long',
  mustAttachFiles: 'Must Attach Files',
  missingRequiredFields: 'Missing Required Fields!',
  errorValidatingInformation: 'Error Validating Information',
  noRepairOptions: 'No options available at this time, please reach out to support & service.',
  uploadFailed: 'Error Uploading - Please Try Again',
  uploadCanceled: 'Operation canceled by the user.',
  leaveWarning: 'Do you really want to leave? You have unsaved changes..',
  errorCreatingRma: (serverMessage: string) => `Error Creating RMA: ${serverMessage}`,
  errorValidatingAddress: 'Error validating address, please verify your information and try again.',
  rmaNotCreated: 'RMA has not been created',
  confirmAccurate: 'I confirm the above information is accurate',
  /** Spec §5 PO payment: the release number (sent as PO-release) has 4 or 5 digits. */
  poReleaseDigits: 'Must be 4 or 5 digits',
  /** Spec §8: back from the card provider without its token. */
  noPayPalToken: 'No PayPal token found',

  serialNotFound: 'Serial Not Found',
  serialNotValid: 'Serial not valid for new RMA',
  serialValid: 'Serial valid for new RMA!',
} as const;
