/** Business limits of spec §9 (character counts unless noted). */
export const limits = {
  notes: 1000,
  referenceId: 50,
  assetTag: 20,
  credential: 50,
  addressLine: 35,
  postalCode: 12,
  city: 35,
  country: 35,
  state: 35,
  name: 35,
  company: 35,
  position: 35,
  phone: 25,
  filesPerUpload: 5,
  fileSizeBytes: 50 * 1024 * 1024,
} as const;

/** Timings of spec §9, in milliseconds. */
export const timings = {
  validationBannerMs: 4_000,
  uploadErrorMs: 5_000,
  lazyPageDelayMs: 200,
  lazyPageTimeoutMs: 10_000,
  chunkTimeoutMs: 120_000,
} as const;
