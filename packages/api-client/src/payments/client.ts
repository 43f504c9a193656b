import type { HttpClient } from '../client';
import type { AuthnetForm, PayPalCapture, PayPalOrder, QuoteDetails, QuoteRef } from './types';

type Options = { signal?: AbortSignal };

/** The payments process (/payments): service quotes and their card payments. */
export interface PaymentsClient {
  /** One of the customer's quotes by uid; another's or an unknown uid is a 404 payments.quoteNotFound. */
  quoteDetails(uid: string, options?: Options): Promise<QuoteDetails>;
  /** Creates (or reuses) the PayPal order of an open quote; resolves with its approve link. */
  startPayPalOrder(ref: QuoteRef, options?: Options): Promise<PayPalOrder>;
  /** Captures the approved PayPal order of a quote; resolves with the paid quote. Repeats answer the same. */
  capturePayPal(capture: PayPalCapture, options?: Options): Promise<QuoteDetails>;
  /** The Authorize.net hosted payment form of an open quote and the token to post to it. */
  authnetForm(ref: QuoteRef, options?: Options): Promise<AuthnetForm>;
  /**
   * Confirms a quote paid on the hosted form; resolves with the paid quote. A 409
   * payments.notApproved means no transaction is known yet: ask again shortly.
   */
  confirmAuthnet(uid: string, options?: Options): Promise<QuoteDetails>;
}

export const QUOTE_DETAILS_PATH = '/payments/quote/details';
export const PAYPAL_ORDER_PATH = '/payments/quote/paypal/order';
export const PAYPAL_CAPTURE_PATH = '/payments/quote/paypal/capture';
export const AUTHNET_FORM_PATH = '/payments/quote/authnet/form';
export const AUTHNET_CONFIRM_PATH = '/payments/quote/authnet/confirm';

export function createPaymentsClient(http: HttpClient): PaymentsClient {
  return {
    quoteDetails: (uid, options) => http.request<QuoteDetails>('GET', QUOTE_DETAILS_PATH, { query: { uid }, signal: options?.signal }),
    startPayPalOrder: ({ uid, reference }, options) =>
      http.request<PayPalOrder>('POST', PAYPAL_ORDER_PATH, { body: { uid, reference }, signal: options?.signal }),
    capturePayPal: ({ uid, reference, token }, options) =>
      http.request<QuoteDetails>('POST', PAYPAL_CAPTURE_PATH, { body: { uid, reference, token }, signal: options?.signal }),
    authnetForm: ({ uid, reference }, options) =>
      http.request<AuthnetForm>('POST', AUTHNET_FORM_PATH, { body: { uid, reference }, signal: options?.signal }),
    confirmAuthnet: (uid, options) =>
      http.request<QuoteDetails>('POST', AUTHNET_CONFIRM_PATH, { body: { uid }, signal: options?.signal }),
  };
}
