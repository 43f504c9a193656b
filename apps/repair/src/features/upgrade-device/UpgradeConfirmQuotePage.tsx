import { ConfirmQuotePage } from '../confirm-quote/ConfirmQuotePage';

/**
 * Route upgrade-device-confirm-quote (upgrade-device/{serial}/confirm-quote?quote=QT-…): a saved
 * upgrade quote, confirmed and paid like an out-of-warranty repair's. The confirm-quote page
 * serves both: the quote's rmaType makes it an upgrade.
 */
export function UpgradeConfirmQuotePage() {
  return <ConfirmQuotePage />;
}
