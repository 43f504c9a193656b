import { PaymentReceived } from './PaymentReceived';

/** Route success (?quote=): a service quote paid through PayPal. */
export function SuccessPage() {
  return <PaymentReceived />;
}
