import type { ComponentType } from 'react';
import type { ApiClient } from '@portal/api-client';
import { permissions } from '@portal/auth';
import { loadCountries, normalizeSerial, shouldCheckSerial } from '@portal/forms';
import { unitImageSrc } from '@portal/forms/units';
import type { Params } from '@portal/router';
import type { RouteName } from '@portal/routes';
import type { RouteMeta } from '../features/guard/access';
import type { PageLoader } from '../features/lazy-page/LazyPage';
import { HomePage } from '../features/home/HomePage';
import { NoPermissionPage } from '../features/errors/NoPermissionPage';
import { UnauthorizedPage } from '../features/errors/UnauthorizedPage';
import { OidcCallbackPage } from '../features/session/OidcCallbackPage';
import { SignOutPage } from '../features/session/SignOutPage';
import { loadRemotePage } from '../remotes';

/**
 * The remotes, each built and deployed on its own, by the name a customer knows that part of the
 * portal by: a remote that is down is named this way on its pages.
 */
export const remoteParts = {
  repair: 'Repairs',
  recycle: 'Recycling',
  parts: 'Parts orders',
  support: 'Help & Support',
  account: 'Your account',
  'service-desk': 'Service desk',
} as const;

export type RemoteName = keyof typeof remoteParts;

export type RoutePage =
  | { kind: 'host'; Component: ComponentType }
  | { kind: 'remote'; remote: RemoteName; load: PageLoader }
  | { kind: 'redirect'; to: RouteName };

export interface RouteEntry {
  meta: RouteMeta;
  page: RoutePage;
  /** Label in the main navigation. */
  nav?: string;
  /** The page completes sign-in itself, so the guard must not start another one. */
  completesSignIn?: boolean;
  /**
   * Data the page needs on its first render, loaded by the route's loader before it opens; the
   * page reads it with useLoaderData().
   */
  preload?: (context: PreloadContext) => Promise<unknown>;
  /**
   * The web server answers every URL of the route with its page prerendered at build time, which
   * the app hydrates (src/prerender.tsx). A public page is prerendered as a
   * visitor sees it, so only a route without parameters or preload can be; any other shows the
   * session being restored, the same for every URL. A remote's public page needs that remote's
   * prerendered page for the path too.
   */
  prerender?: true;
}

/** What a route's preload gets from its loader. */
export interface PreloadContext {
  api: ApiClient;
  /** Aborted when the user leaves before the route opens. */
  signal: AbortSignal;
  params: Params;
  /**
   * Resolves once the session's token is restored, before the profile confirms it: whether the
   * API can be asked as the user.
   */
  hasToken: () => Promise<boolean>;
}

/** Spec §2: countries are loaded before create-rma, recycle-unit and account-settings open. */
const countries = ({ api, signal }: PreloadContext) => loadCountries(api.locations, signal);

/**
 * Countries, and meanwhile the unit of a serial in the path and its picture: the page checks
 * that serial as it opens (useSerialCheck), and takes this answer instead of a round trip then.
 */
function countriesAndUnit(context: PreloadContext) {
  const serial = normalizeSerial(context.params.serial ?? '');
  if (shouldCheckSerial(serial)) {
    void context.hasToken().then((hasToken) => {
      if (!hasToken) return;
      context.api.repair.prefetchSerial(serial).then(
        (result) => {
          if (result.kind === 'found') new Image().src = unitImageSrc(result.unit.modelFamily);
        },
        () => undefined, // the page's own check reports it
      );
    });
  }
  return countries(context);
}

const pub: RouteMeta = { access: 'public' };
const signIn: RouteMeta = { access: 'sign-in' };
/** Spec §2 branches: only for users in an organization, otherwise redirect to home. */
const orgMembers: RouteMeta = { access: 'sign-in', orgOnly: true };

/**
 * The service desk is the depot staff's (issue 29): a customer is sent to the no-permission page
 * and never sees its navigation entry; the lead's overview needs the lead's role.
 */
const depotStaff: RouteMeta = { access: 'sign-in', anyRole: [permissions.depotTechnician, permissions.depotLead] };
const depotLead: RouteMeta = { access: 'sign-in', anyRole: [permissions.depotLead] };

function remotePage(remote: RemoteName, exposed: string): RoutePage {
  return { kind: 'remote', remote, load: () => loadRemotePage(remote, exposed) };
}

/** Every route of spec §2 by name, with its access meta and the page that renders it. */
export const routeTable: Record<RouteName, RouteEntry> = {
  home: { meta: pub, page: { kind: 'host', Component: HomePage }, nav: 'Home', prerender: true },

  // Repair (remote 'repair')
  'create-rma': { meta: signIn, page: remotePage('repair', 'CreateRmaPage'), nav: 'Create RMA', preload: countriesAndUnit, prerender: true },
  // Fleet RMAs (issue 30): many units in one batch; its page is the account's 'batch'.
  'create-rma-batch': { meta: signIn, page: remotePage('repair', 'CreateBatchPage'), prerender: true },
  'rma-confirm-quote': { meta: pub, page: remotePage('repair', 'ConfirmQuotePage') },
  canceled: { meta: pub, page: remotePage('repair', 'CanceledPage') },
  'upgrade-device': { meta: pub, page: remotePage('repair', 'UpgradeDevicePage') },
  'upgrade-device-confirm-quote': { meta: pub, page: remotePage('repair', 'UpgradeConfirmQuotePage') },
  'pay-quote': { meta: signIn, page: remotePage('repair', 'PayQuotePage'), prerender: true },
  'pay-quote-by-authorize': { meta: signIn, page: remotePage('repair', 'PayQuoteByAuthorizePage'), prerender: true },
  success: { meta: pub, page: remotePage('repair', 'SuccessPage') },
  'authnet-response': { meta: pub, page: remotePage('repair', 'AuthnetResponsePage') },
  'service-quote-successful': { meta: pub, page: remotePage('repair', 'ServiceQuoteSuccessfulPage') },
  'service-quote-cancel': { meta: pub, page: remotePage('repair', 'ServiceQuoteCancelPage') },

  // Recycle (remote 'recycle')
  'recycle-unit': { meta: signIn, page: remotePage('recycle', 'RecycleUnitPage'), nav: 'Recycle a unit', preload: countriesAndUnit, prerender: true },
  'recycle-battery': { meta: signIn, page: remotePage('recycle', 'RecycleBatteryPage'), prerender: true },

  // Parts (remote 'parts')
  'parts-order': { meta: pub, page: remotePage('parts', 'PartsOrderPage'), nav: 'Order parts', prerender: true },
  'parts-order-manual': { meta: pub, page: remotePage('parts', 'PartsOrderManualPage'), prerender: true },
  'parts-order-cart': { meta: pub, page: remotePage('parts', 'PartsCartPage') },
  'parts-order-checkout': { meta: pub, page: remotePage('parts', 'PartsCheckoutPage') },
  'parts-order-success': { meta: pub, page: remotePage('parts', 'PartsOrderSuccessPage') },
  'video-parts-order': { meta: pub, page: remotePage('parts', 'VideoPartsOrderPage') },
  'video-parts-order-cart': { meta: pub, page: remotePage('parts', 'VideoPartsCartPage') },
  'video-parts-order-checkout': { meta: pub, page: remotePage('parts', 'VideoPartsCheckoutPage') },
  'sm-inventory': { meta: pub, page: remotePage('parts', 'SmInventoryPage') },
  'sm-inventory-profile': { meta: pub, page: remotePage('parts', 'SmInventoryProfilePage') },

  // Support (remote 'support')
  'help-support': { meta: pub, page: remotePage('support', 'HelpSupportPage'), nav: 'Help & Support', prerender: true },
  'help-support-complete': { meta: pub, page: remotePage('support', 'HelpSupportCompletePage') },
  'auth-help-and-support': { meta: signIn, page: remotePage('support', 'AuthHelpAndSupportPage'), prerender: true },

  // Account (remote 'account')
  'your-account': { meta: signIn, page: { kind: 'redirect', to: 'rma-history' } },
  'rma-history': { meta: signIn, page: remotePage('account', 'RmaHistoryPage'), nav: 'Your RMAs', prerender: true },
  branches: { meta: orgMembers, page: remotePage('account', 'BranchesPage'), prerender: true },
  'parts-orders-history': { meta: signIn, page: remotePage('account', 'PartsOrdersHistoryPage'), prerender: true },
  'product-registration': { meta: signIn, page: remotePage('account', 'ProductRegistrationPage'), prerender: true },
  drivers: { meta: signIn, page: remotePage('account', 'DriversPage'), prerender: true },
  'account-settings': { meta: signIn, page: remotePage('account', 'AccountSettingsPage'), preload: countries, prerender: true },
  quotes: { meta: signIn, page: remotePage('account', 'QuotesPage'), prerender: true },
  'saved-quotes': { meta: signIn, page: remotePage('account', 'QuotesPage'), prerender: true },
  dashboard: { meta: signIn, page: remotePage('account', 'DashboardPage'), prerender: true },
  // Fleet batches (issue 30): the owner's and their organization's, as their RMAs are.
  batches: { meta: signIn, page: remotePage('account', 'BatchesPage'), prerender: true },
  batch: { meta: signIn, page: remotePage('account', 'BatchPage') },

  // Service desk (remote 'service-desk'): depot staff only
  'service-desk': { meta: depotStaff, page: remotePage('service-desk', 'ServiceDeskQueuePage'), nav: 'Service desk' },
  'service-desk-rma': { meta: depotStaff, page: remotePage('service-desk', 'ServiceDeskRmaPage') },
  'service-desk-parts-orders': { meta: depotStaff, page: remotePage('service-desk', 'ServiceDeskPartsOrdersPage') },
  'service-desk-lead': { meta: depotLead, page: remotePage('service-desk', 'ServiceDeskLeadPage') },

  // Session and errors
  'oidc-callback': { meta: signIn, page: { kind: 'host', Component: OidcCallbackPage }, completesSignIn: true },
  'sign-out': { meta: pub, page: { kind: 'host', Component: SignOutPage } },
  unauthorized: { meta: pub, page: { kind: 'host', Component: UnauthorizedPage } },
  '401': { meta: pub, page: { kind: 'host', Component: NoPermissionPage } },
};
