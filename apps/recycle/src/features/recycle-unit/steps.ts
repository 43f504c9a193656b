/** The four steps of the recycle-unit wizard (spec §2). */
export const RECYCLE_STEPS = ['Consent', 'Contact Info', 'Confirm', 'Download Label'] as const;
export const LAST_STEP = RECYCLE_STEPS.length;
