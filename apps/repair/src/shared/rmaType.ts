/** Default rmaType (spec §9): a repair, as the single stepper and the batch page ask their options. */
export const RMA_TYPE = 'REPAIR';
