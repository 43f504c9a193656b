/**
 * Every route of the portal by name (spec §2). Paths use react-router syntax: `:name` is a
 * required segment, `:name?` an optional one. The host's route table and every remote navigate
 * through these names, never through hand-written URLs.
 */
export const routePaths = {
  home: '/',

  // Repair
  'create-rma': '/create-rma/:serial?',
  'create-rma-batch': '/create-rma/batch',
  'rma-confirm-quote': '/create-rma/:serial?/confirm-quote',
  canceled: '/canceled',
  'upgrade-device': '/upgrade-device/:serial?',
  'upgrade-device-confirm-quote': '/upgrade-device/:serial?/confirm-quote',
  'pay-quote': '/pay-quote/:quoteid?/:reference',
  'pay-quote-by-authorize': '/pay-quote-by-authorize/:quoteid?/:reference',
  success: '/success',
  'authnet-response': '/authnet-response',
  'service-quote-successful': '/service-quote-successful',
  'service-quote-cancel': '/service-quote-cancel',

  // Recycle
  'recycle-unit': '/recycle-unit/:serial?',
  'recycle-battery': '/recycle-battery',

  // Parts
  'parts-order': '/parts-order',
  'parts-order-manual': '/parts-order/manual',
  'parts-order-cart': '/parts-order/cart',
  'parts-order-checkout': '/parts-order/checkout',
  'parts-order-success': '/parts-order/success',
  'video-parts-order': '/video-parts-order',
  'video-parts-order-cart': '/video-parts-order/cart',
  'video-parts-order-checkout': '/video-parts-order/checkout',
  'sm-inventory': '/sm-inventory',
  'sm-inventory-profile': '/sm-inventory-profile',

  // Support
  'help-support': '/help-support',
  'help-support-complete': '/help-support/complete',
  'auth-help-and-support': '/auth-help-and-support',

  // Account
  'your-account': '/your-account',
  'rma-history': '/your-account/rma-history',
  branches: '/your-account/branches',
  'parts-orders-history': '/your-account/parts-orders-history',
  'product-registration': '/your-account/product-registration',
  drivers: '/your-account/drivers',
  'account-settings': '/your-account/account-settings',
  quotes: '/your-account/quotes',
  'saved-quotes': '/your-account/saved-quotes',
  dashboard: '/your-account/dashboard',
  batches: '/your-account/batches',
  batch: '/your-account/batches/:id',

  // Service desk (depot staff only)
  'service-desk': '/service-desk',
  'service-desk-rma': '/service-desk/rma/:number',
  'service-desk-parts-orders': '/service-desk/parts-orders',
  'service-desk-lead': '/service-desk/lead',

  // Session and errors
  'oidc-callback': '/oidc-callback',
  'sign-out': '/sign-out',
  unauthorized: '/unauthorized',
  '401': '/401',
} as const;

export type RouteName = keyof typeof routePaths;

type Segments<P extends string> = P extends `${infer Head}/${infer Tail}` ? Head | Segments<Tail> : P;
type RequiredParam<S> = S extends `:${string}?` ? never : S extends `:${infer N}` ? N : never;
type OptionalParam<S> = S extends `:${infer N}?` ? N : never;

/** True when a route has no required parameter (its params argument may be left out). */
export type ParamsOptional<Name extends RouteName> = [RequiredParam<Segments<(typeof routePaths)[Name]>>] extends [never]
  ? true
  : false;

/** The parameters a route takes, required and optional, derived from its path. */
export type RouteParams<Name extends RouteName> = {
  [K in RequiredParam<Segments<(typeof routePaths)[Name]>>]: string;
} & {
  [K in OptionalParam<Segments<(typeof routePaths)[Name]>>]?: string;
};
