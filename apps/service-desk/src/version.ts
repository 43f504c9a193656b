declare const __PORTAL_VERSION__: string;

/** This remote's version, its package.json's, stamped in by the build (@portal/rspack-config). */
export const version: string = __PORTAL_VERSION__;
