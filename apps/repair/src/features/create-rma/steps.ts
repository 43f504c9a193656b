/** The five steps of the create-RMA stepper (spec §2). */
export const CREATE_RMA_STEPS = [
  'Problem Description',
  'Contact Info',
  'Packaging & Shipping',
  'Confirm RMA',
  'Download Label',
] as const;
