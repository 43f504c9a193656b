/** The five steps of the create-RMA stepper (spec §2). */
export const CREATE_RMA_STEPS = [
  'Problem Description',
  'Contact Info',
  'Packaging & Shipping',
  'Confirm RMA',
  'Download Label',
] as const;

/** The upgrade stepper: the same steps, the first one choosing the upgrade. */
export const UPGRADE_STEPS = ['Choose Upgrade', 'Contact Info', 'Packaging & Shipping', 'Confirm Upgrade', 'Download Label'] as const;
