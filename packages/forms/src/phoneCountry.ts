/** The phone widget's default country (spec §5); apart from phone.ts so it costs no phone metadata. */
export const DEFAULT_PHONE_COUNTRY = 'US';
