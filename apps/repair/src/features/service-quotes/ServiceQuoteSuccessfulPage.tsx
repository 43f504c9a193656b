import { PaymentReceived } from './PaymentReceived';

/** Route service-quote-successful (?quote=): a service quote paid on Authorize.net's hosted form. */
export function ServiceQuoteSuccessfulPage() {
  return <PaymentReceived />;
}
