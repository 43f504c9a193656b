import type { Money, SavedQuoteData } from '../repair/types';

/** Where a quote came from: saved in the create-RMA flow, opened by a card/PO create, or issued by staff. */
export type QuoteKind = 'saved' | 'repair' | 'service';

/** A quote's life: open until paid, cancelled or past its expiry. */
export type QuoteStatus = 'open' | 'paid' | 'cancelled' | 'expired';

/** How a quote was paid (empty while unpaid). */
export type QuotePaymentMethod = 'PayPal' | 'PO' | 'AuthorizeNet' | '';

/** GET /payments/quote/details (and the capture/confirm answers): a quote as its owner sees it. */
export interface QuoteDetails {
  uid: string;
  kind: QuoteKind;
  /** The RMA the quote prices ('' or absent for a saved quote not yet paid). */
  rmaNumber?: string;
  serial: string;
  amount: Money;
  status: QuoteStatus;
  /** Staff's explanation of a service quote. */
  note?: string;
  /** RFC 3339 times. */
  expiresAt: string;
  createdAt: string;
  /** The random part of the pay-quote links. */
  reference?: string;
  method?: QuotePaymentMethod;
  /** When it was paid; null while unpaid. */
  paidAt?: string | null;
  customerPO?: string;
  /** The Saved quote of spec §3 (prefills the create-RMA flow). */
  quoteData: SavedQuoteData;
  /** Payments that reached a provider after the quote was paid, cancelled or expired, given back (or being given back); [] when none. */
  refunds?: QuoteRefund[];
}

/** Money given back for a quote: a payment that did not pay it. */
export interface QuoteRefund {
  provider: 'paypal' | 'authnet';
  /** The payment given back: PayPal's capture id, Authorize.net's transaction id. */
  providerRef: string;
  amount: Money;
  reason: 'quote_paid' | 'quote_cancelled' | 'quote_expired';
  /** pending until the provider took it back (it is retried), then refunded. */
  status: 'pending' | 'refunded';
  /** How it went back, and the provider's reference of that; '' while pending. */
  reversal: 'void' | 'refund' | '';
  refundRef: string;
  /** RFC 3339 times; refundedAt is null while pending. */
  requestedAt: string;
  refundedAt: string | null;
}

/** A quote's pay-link parts: /pay-quote/{uid}/{reference}. */
export interface QuoteRef {
  uid: string;
  reference: string;
}

/** Answer of POST /payments/quote/paypal/order: the provider's approve page. */
export interface PayPalOrder {
  paymentUrl: string;
}

/** POST /payments/quote/paypal/capture: the quote and the token (order id) PayPal returned with. */
export interface PayPalCapture extends QuoteRef {
  token: string;
}

/** Answer of POST /payments/quote/authnet/form: the hosted form to post the token to. */
export interface AuthnetForm {
  formUrl: string;
  token: string;
}
