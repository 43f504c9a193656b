// One payable flow for the repair RMAs and the parts orders that wait for their payment: leaving
// for the provider, the provider's return, settling (capture, then release or place), Try Again,
// cancelling, and the Pay Now / Cancel offer of what still waits. The machines are pure (tested on
// their own); the hooks perform what their states ask with the app's own API calls.
export {
  idlePayable,
  isPayableBusy,
  payableId,
  payableTransition,
  readProviderReturn,
  type PayableEvent,
  type PayableState,
  type ProviderReturn,
} from './machine';
export { busyWith, idleOffer, offerTransition, type OfferAction, type OfferEvent, type OfferState } from './offer';
export { browser } from './browser';
export { failureMessage } from './failure';
export { useProviderRedirect } from './useProviderRedirect';
export { usePayableSettlement, type SettlementPorts } from './usePayableSettlement';
export { useOffer, type Offer } from './useOffer';
export { useIdempotencyKey } from './useIdempotencyKey';
