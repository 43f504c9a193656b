import { SUPPORT_EMAIL } from '../create-rma/copy';

/** The texts of the quote and payment-result pages, in one place for the pages and their tests. */
export const QUOTE_COPY = {
  loading: 'Loading the quote…',
  missing: 'No quote was given. Please open the link from your e-mail again.',
  notFound: `We could not find this quote. Please check the link in your e-mail, or contact ${SUPPORT_EMAIL} for help.`,
  signIn: 'Please sign in to see this quote and its payment.',
  paid: (uid: string) => `Quote ${uid} has already been paid. Thank you: there is nothing more to pay.`,
  cancelled: (uid: string) => `Quote ${uid} was cancelled and can no longer be paid. Please contact ${SUPPORT_EMAIL} if you still want the work done.`,
  expired: (uid: string) => `Quote ${uid} has expired. Please contact ${SUPPORT_EMAIL} for a new quote.`,
  payIntro: 'Our technicians have inspected your unit and priced the work it needs. Pay the quote to have it done.',
  payPalNext: 'Pay with PayPal takes you to PayPal to pay by card or with your PayPal account; you come back here once it is approved.',
  cardNext: "Pay by Card takes you to our card processor's secure payment form; you come back here once the payment is made.",
  capturing: 'Confirming your payment…',
  confirming: 'Confirming your payment with the card processor…',
  notConfirmedYet:
    'Your payment has not been confirmed yet. This can take a minute: check again shortly. If you were charged and it still does not show, please contact ' +
    `${SUPPORT_EMAIL} with your quote number.`,
  paidTitle: 'Thank you: your payment was received',
  /** The result page's title until the server says the quote is paid. */
  resultTitle: 'Quote payment',
  paidNext: (rma: string) =>
    rma
      ? `We now carry out the work on the unit of RMA ${rma} and ship it back to you. A receipt has been e-mailed to you, and you can follow the RMA under Your RMAs.`
      : 'We now carry out the work and ship the unit back to you. A receipt has been e-mailed to you.',
  cancelTitle: 'Payment cancelled',
  cancelText: 'You left the payment page before paying: nothing was charged.',
  cancelNext: (expires: string | null) =>
    expires
      ? `The quote stays open until ${expires}. You can pay it whenever you are ready, by PayPal or by card.`
      : 'The quote stays open until it expires. You can pay it whenever you are ready, by PayPal or by card.',
  canceledTitle: 'RMA cancelled',
  canceledText: (rma: string) =>
    `RMA ${rma} has been cancelled because its payment was not completed. Nothing was charged and no unit should be sent for it.`,
  canceledTextNoRma: 'The RMA has been cancelled because its payment was not completed. Nothing was charged and no unit should be sent for it.',
  canceledNext: 'The unit is free for a new request: you can create a new RMA for it whenever you are ready.',
} as const;
