import type { InventorySource, WarrantyState } from '@portal/api-client';
import { formatDate } from '@portal/ui';

/** The inventory pages' words. */
export const COPY = {
  title: 'Service-managed inventory',
  intro:
    'Every unit you and your organization hold, whether registered, sent in for service, or ordered parts for, with its warranty, any open RMA, and how it came to your account.',
  signInTitle: 'Sign in to see your inventory',
  signInReason: 'Your inventory lists the units of your account and your organization. Sign in to see them, filter them and download them as CSV.',
  loadingSession: 'Loading your account…',
  loading: 'Loading your units…',
  failed: 'Your units could not be loaded. Check your connection and try again.',
  filtersTitle: 'Filter units',
  searchLabel: 'Search',
  searchHint: 'Serial, model or model family',
  searchButton: 'Search',
  modelLabel: 'Model',
  allModels: 'All models',
  warrantyLabel: 'Warranty',
  anyWarranty: 'Any warranty',
  openRmaLabel: 'Open RMA',
  anyOpenRma: 'With or without',
  withOpenRma: 'With an open RMA',
  withoutOpenRma: 'Without an open RMA',
  clearFilters: 'Clear filters',
  tableCaption: 'Your units',
  columns: { serial: 'Serial', model: 'Model', warranty: 'Warranty', warrantyEnd: 'Warranty ends', openRma: 'Open RMA', sources: 'Held through' },
  none: 'None',
  unknownDate: 'Unknown',
  count: (total: number) => (total === 1 ? '1 unit' : `${total} units`),
  pageOf: (page: number, pages: number) => `Page ${page} of ${pages}`,
  previous: 'Previous page',
  next: 'Next page',
  download: 'Download CSV',
  downloading: 'Preparing the CSV…',
  downloadFailed: 'The CSV could not be downloaded. Try again.',
  noUnits: 'No units yet. Units you register, send in for service or order parts for appear here.',
  noMatch: 'No units match these filters.',
  // Profile
  profileTitle: (serial: string) => `Unit ${serial}`,
  profileIntro: "One unit's warranty, its service history, the parts ordered for it, its drivers and the upgrades offered for it.",
  profileSignInTitle: "Sign in to see this unit's profile",
  profileSignInReason: "A unit's profile shows its warranty, RMAs, parts orders, drivers and upgrades. Sign in to see the units of your account.",
  noSerial: 'Choose a unit from your inventory to see its profile.',
  backToInventory: 'Back to your inventory',
  loadingProfile: 'Loading the unit…',
  profileFailed: 'The unit could not be loaded. Check your connection and try again.',
  warrantyTitle: 'Warranty',
  facts: {
    model: 'Model',
    family: 'Model family',
    productType: 'Product type',
    warranty: 'Warranty',
    warrantyEnd: 'Warranty ends',
    registered: 'Registered',
    sources: 'Held through',
    openRma: 'Open RMA',
  },
  notRegistered: 'No',
  historyTitle: 'Service history',
  historyCaption: 'RMAs of this unit',
  historyColumns: { number: 'RMA', type: 'Type', status: 'Status', opened: 'Opened' },
  noRmas: 'No RMAs for this unit.',
  openHistory: 'Open Your RMAs',
  ordersTitle: 'Parts orders',
  ordersCaption: 'Parts ordered for this unit',
  ordersColumns: { order: 'Order', date: 'Ordered', part: 'Part', quantity: 'Quantity' },
  noOrders: 'No parts were ordered for this unit.',
  openOrders: 'Open your parts orders',
  driversTitle: 'Drivers',
  loadingDrivers: 'Loading the drivers…',
  driversFailed: 'The drivers could not be loaded. Try again.',
  noDrivers: (model: string) => `No drivers are listed for the ${model}.`,
  downloadDriver: 'Download',
  driverFailed: 'The driver could not be downloaded. Try again.',
  upgradesTitle: 'Upgrades',
  loadingUpgrades: 'Loading the upgrades…',
  upgradesFailed: 'The upgrades could not be loaded. Try again.',
  noUpgrades: 'No upgrades are offered for this unit.',
  upgradeUnit: 'Upgrade this unit',
  upgradeCheckFailed: 'Whether this unit can be upgraded now could not be checked. Try again.',
} as const;

export const WARRANTY_TEXT: Record<WarrantyState, string> = {
  IN_WARRANTY: 'In warranty',
  OUT_OF_WARRANTY: 'Out of warranty',
  END_OF_SERVICE: 'End of service',
};

export const SOURCE_TEXT: Record<InventorySource, string> = {
  registration: 'Registration',
  rma: 'RMA',
  order: 'Parts order',
};

/** A calendar day (a warranty's end) or an RFC 3339 time as the portal writes dates; 'Unknown' when absent. */
export function formatDay(value: string | null): string {
  return value ? formatDate(value) || value : COPY.unknownDate;
}

/** An upper-case status as words: 'AWAITING_UNIT' → 'Awaiting unit'. */
export function statusText(status: string): string {
  const words = status.toLowerCase().replace(/_/g, ' ');
  return words.charAt(0).toUpperCase() + words.slice(1);
}
