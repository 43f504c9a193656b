/** The product-registration texts that are not spec messages (those come from @portal/forms). */
export const COPY = {
  title: 'Product Registration',
  intro:
    'Register a unit you bought to keep its warranty details with your account: registered units appear here and in the drivers list.',
  listTitle: 'Registered units',
  formTitle: 'Register a unit',
  register: 'Register',
  registering: 'Registering…',
  registered: (serial: string) => `Unit ${serial} has been registered.`,
  loading: 'Loading your registered units…',
  loadFailed: 'Your registered units could not be loaded.',
  retry: 'Try again',
  empty: 'No units are registered yet. Register one with the form below.',
  organization: 'Organization',
  inWarranty: (until: string) => (until ? `In warranty until ${until}` : 'In warranty'),
  outOfWarranty: 'Out of warranty',
  endOfService: 'End of service',
  /** The API's message for the same rule. */
  futureDate: 'Purchase date cannot be in the future',
  proofHelp: 'A PDF or image (PNG, JPEG, TIFF) of the receipt or invoice, up to 10 MB. It is uploaded as soon as you choose it.',
  proofAttached: (name: string) => `Attached: ${name}`,
  networkFailed: 'The server could not be reached. Check your connection and try again.',
} as const;
