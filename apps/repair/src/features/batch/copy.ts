import { SHARED_COPY } from '../../shared/copy';

const plural = (n: number, one: string, many: string) => `${n.toLocaleString('en-US')} ${n === 1 ? one : many}`;

/**
 * The batch page's texts that are not spec messages (those come from @portal/forms, and the
 * rows' reasons from the API): written once so the tests and the components agree. Where the
 * single stepper says the same thing, its words are reused.
 */
export const COPY = {
  title: 'Create a batch of RMAs',
  intro:
    'Send many units at once: bring them from a file, a pasted list or a scanner, check every row before anything is created, give one contact and one shipment, and pay the out-of-warranty repairs once.',
  stepsLabel: 'Batch progress',

  // Step 1: the units
  fileLegend: 'Upload a file',
  fileChoose: 'Choose a CSV or XLSX file',
  fileHelp:
    'Columns: serial, fault, problem, notes, customer reference, asset tag, branch, has data (serial is the only one a file must have). Up to 1,000 rows.',
  reading: (name: string) => `Reading ${name}…`,
  template: 'Download the template',
  templateFailed: 'The template could not be downloaded. Please try again.',
  pasteLabel: 'Paste a list',
  pasteHint: 'Serials one per line, or CSV rows under their header line (serial,fault,problem,…).',
  pasteAdd: 'Add the pasted units',
  scanLabel: 'Scan or type a serial',
  scanHint: 'A scanner types the serial and Enter: each one adds a row.',
  unitsSoFar: (n: number) => `${plural(n, 'unit', 'units')} in this batch`,
  lastAdded: (serial: string) => `Last added: ${serial}`,
  added: (n: number) => `${plural(n, 'row', 'rows')} added.`,
  clearAll: 'Remove all units',
  tooManyRows: (n: number) => `A batch holds at most 1,000 rows; this would make ${n.toLocaleString('en-US')}.`,
  emptyFile: 'The file holds no units.',
  checkUnits: 'Check the units',

  // Step 2: the pre-flight
  tableCaption: 'The units of the batch, each checked as one RMA would be',
  fillLegend: 'Fill the empty cells of every row',
  fillHint: 'A scanned or pasted list has serials only: give the fault, problem and notes they share once.',
  fillButton: 'Fill empty cells',
  checkAgain: 'Check again',
  checking: 'Checking the units…',
  notChecked: 'Not checked yet',
  edit: (n: number) => `Edit row ${n}`,
  remove: (n: number) => `Remove row ${n}`,
  done: 'Done',
  cancel: 'Cancel',
  cellLabel: (column: string, n: number) => `${column}, row ${n}`,
  noRows: 'Add units before you continue.',
  rowsFail: (n: number) =>
    `Nothing is submitted while a row fails: fix or remove the ${plural(n, 'row', 'rows')} marked ✗, then Check again.`,
  rowsUnchecked: (n: number) => `${plural(n, 'row has', 'rows have')} changed since the check: Check again before you continue.`,
  allPass: 'Every row passes.',
  finishEditing: (n: number) => `Finish editing row ${n} (Done or Cancel) before you continue.`,
  chooseFault: 'Choose a fault',
  chooseProblem: 'Choose a problem',
  fillFaultsOfModels: (models: readonly string[]) => `The faults offered are those of ${models.join(', ')}.`,
  summaryCaption: 'Summary',
  addMore: 'Add more units',

  // Step 3: one contact, one shipment
  detailsLabel: 'Contact & Packaging',
  branchFromRows: (branch: string) => `Your rows ship from the branch ${branch}: its contact and address are filled in below.`,
  packagingLegend: 'How will you send the units?',
  ownBoxes: 'In my own boxes',
  ownBoxesHint: 'A shipping label and a packing list per box, listing its serials and RMA numbers.',
  unitsPerBox: 'Units per box',
  boxes: (n: number) => `${plural(n, 'box', 'boxes')}`,
  requestBoxes: 'Send me boxes',
  requestBoxesHint: 'We ship you boxes for the units, with a packing list per box: allow 3-5 business days for them to arrive.',

  // Step 4: confirm, pay, submit
  submitLabel: 'Confirm & Submit',
  hddBackup: 'I have backed up the data on the hard drives of these units: it may be erased during the repair.',
  clickWrapIntro: (n: number) =>
    `${plural(n, 'row says', 'rows say')} the device holds data. By sending ${n === 1 ? 'it' : 'them'} in you agree that:`,
  clickWrapAgreement: SHARED_COPY.clickWrapAgreement.slice(1),
  clickWrapAccept: SHARED_COPY.clickWrapAccept,
  noPayment: 'Every row is in warranty or has an override: nothing is paid before the RMAs are created.',
  total: 'Total of the out-of-warranty repairs',
  cardNext:
    'Submit takes you to our card payment provider. Once the payment is approved, the out-of-warranty rows are created with the others.',
  poReleaseHint: SHARED_COPY.poReleaseHint,
  poFileHelp: SHARED_COPY.poFileHelp,
  poFileAttached: SHARED_COPY.poFileAttached,
  discountApplied: SHARED_COPY.discountApplied,
  paymentOptionsLoading: SHARED_COPY.paymentOptionsLoading,
  paymentOptionsFailed: SHARED_COPY.paymentOptionsFailed,
  saveQuote: 'Save as one quote',
  saveQuoteHelp:
    'Saves the out-of-warranty rows as one quote, open for 30 days, to pay from the batch page; the other rows are created now.',
  submit: 'Submit Batch',
  submitAndPay: 'Submit and Pay',
  submitting: 'Submitting the batch…',
  leavingForPayment: SHARED_COPY.leavingForPayment,
  progress: 'Creating the RMAs',
  progressText: (done: number, rows: number) => `${done.toLocaleString('en-US')} of ${plural(rows, 'row', 'rows')} done`,
  progressAnnounced: (percent: number) => `${percent}% of the RMAs created`,
  progressDone: 'Every row is done: opening the batch page.',
  progressLost: 'The progress could not be followed here: the batch page shows where the batch stands.',
  created: (id: string) => `Batch ${id} is submitted.`,
  openBatch: 'Open the batch page',
  fieldsRefused: 'Some details were refused: see the messages below.',
  keyReused: 'This submission was already used for another batch, so nothing was created. Submit again to create this batch.',
  fieldsElsewhere: 'The server also refused:',
  paymentNowDue: 'The server found rows to be paid: the pre-flight was run again and the payment is asked below.',

  // A submission left by a reload
  interrupted:
    'A batch you submitted from this tab was interrupted before the server answered. Send it again: it is created once, whatever happened before.',
  uncertain:
    'The server did not answer the submit, so the batch may or may not exist. Send it again: it is created once, whatever happened before. To change the batch instead, discard this submission first.',
  discardHint: 'Discarding keeps your rows and details here; a batch the server did make stays in Your account.',
  sendAgain: 'Send it again',
  discard: 'Discard it',
  resumed: (id: string) => `Batch ${id} is being created.`,

  networkFailed: SHARED_COPY.networkFailed,
} as const;
