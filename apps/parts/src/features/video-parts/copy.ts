/** The video-parts pages' words. */
export const COPY = {
  title: 'Order video parts',
  intro: 'Parts for your body-worn cameras: choose the units a part is for, then add the part to the cart. Each unit gets one.',
  signInTitle: 'Sign in to see your video units',
  signInReason:
    'Video parts are ordered for the body-worn camera units your account holds. Sign in to see your units and choose parts for them.',
  cannotRead: 'Your account cannot look up video unit serials.',
  loadingUnits: 'Loading your video units…',
  unitsFailed: 'Your video units could not be loaded. Check your connection and try again.',
  noUnits: 'No video units were found for your account. Register a unit, or contact support if one is missing.',
  unitsTitle: 'Your video units',
  modelLabel: 'Model',
  unitsLegend: (model: string) => `${model} units`,
  selectAll: 'Select all',
  clearSelection: 'Clear selection',
  partsTitle: (model: string) => `Parts for the ${model}`,
  loadingParts: 'Loading the parts…',
  partsFailed: 'The parts could not be loaded. Check your connection and try again.',
  noParts: 'No parts are listed for this model.',
  addToCart: 'Add to cart',
  forUnits: (count: number) => (count === 1 ? 'for 1 unit' : `for ${count} units`),
  chooseFirst: 'Choose the units first.',
} as const;
